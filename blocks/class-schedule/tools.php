<?php
/**
 * The class-schedule block's tools above the schedule: filters by dance type, level, instructor and
 * day, and links to the previous and next week. Both work without JavaScript (a GET form and plain
 * links the block reads back from the query string); blocks/class-schedule/view.ts makes them act in
 * place through the Interactivity API.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** The query parameters of the tools (plain links and the form without JavaScript), as the page's first schedule names them. */
const STUDIO_DATA_WEEK_PARAM    = 'studio_data_week';
const STUDIO_DATA_FILTER_PARAMS = array(
	'danceType'  => 'studio_data_type',
	'level'      => 'studio_data_level',
	'instructor' => 'studio_data_instructor',
	'day'        => 'studio_data_day',
);

/**
 * The query parameters of the page's schedule number $number: the first takes the plain names, each
 * further one its own (studio_data_week_2, studio_data_type_2, ...), so that two schedules on one
 * page move between weeks and filter apart, and an address shared keeps each one's week.
 *
 * @return array{number:int,week:string,filters:array<string,string>}
 */
function studio_data_schedule_params( int $number ): array {
	$suffix = $number > 1 ? '_' . $number : '';
	return array(
		'number'  => $number,
		'week'    => STUDIO_DATA_WEEK_PARAM . $suffix,
		'filters' => array_map( static fn ( string $param ): string => $param . $suffix, STUDIO_DATA_FILTER_PARAMS ),
	);
}

/** How far ahead visitors can page: the hosted booking pages sell no further. */
const STUDIO_DATA_WEEKS_AHEAD = 12;

/**
 * A visitor's choice from the query string (read-only navigation: no nonce, nothing is changed).
 */
function studio_data_schedule_query_value( string $param ): string {
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only view choice.
	$value = isset( $_GET[ $param ] ) && is_string( $_GET[ $param ] ) ? sanitize_text_field( wp_unslash( $_GET[ $param ] ) ) : '';
	return mb_substr( $value, 0, 100 );
}

/**
 * The week shown: the first day, the days before and after it that visitors can move to (null at
 * the ends: this week, and STUDIO_DATA_WEEKS_AHEAD weeks on), and its heading. Weeks are calendar
 * days in the studio's zone, so a week across a change of clocks still starts on the same weekday.
 *
 * @return array{from:string,prev:?string,next:?string,label:string,first:string}
 */
function studio_data_schedule_week( ?string $requested, DateTimeZone $zone, ?DateTimeImmutable $today = null ): array {
	$today = $today ?? studio_data_today( $zone );
	$last  = $today->modify( '+' . ( 7 * STUDIO_DATA_WEEKS_AHEAD ) . ' days' );
	$from  = null !== $requested ? DateTimeImmutable::createFromFormat( '!Y-m-d', $requested, $zone ) : false;
	if ( false === $from || $from < $today || $from > $last ) {
		$from = $today;
	}
	$prev = $from->modify( '-7 days' );
	$next = $from->modify( '+7 days' );
	return array(
		'from'  => $from->format( 'Y-m-d' ),
		'prev'  => $from > $today ? ( $prev < $today ? $today : $prev )->format( 'Y-m-d' ) : null,
		'next'  => $next <= $last ? $next->format( 'Y-m-d' ) : null,
		/* translators: %s: the first day of a 7-day week, e.g. "Monday, 23 November 2026". */
		'label' => sprintf( __( 'The 7 days from %s', 'studio-data' ), studio_data_day_label( $from->format( 'Y-m-d' ), $zone ) ),
		'first' => $today->format( 'Y-m-d' ),
	);
}

/**
 * The choices of one filter: what the block is limited to, else what the studio has.
 *
 * @param list<string>         $configured The block's own list (values).
 * @param array<string,string> $available  value => label.
 * @return array<string,string> value => label
 */
function studio_data_filter_choices( array $configured, array $available ): array {
	if ( array() === $configured ) {
		return $available;
	}
	$choices = array();
	foreach ( $configured as $value ) {
		$choices[ $value ] = $available[ $value ] ?? $value;
	}
	return $choices;
}

/**
 * Every filter's choices for a schedule block, from the studio's profile, instructors and the
 * shown week's classes. Dance types, levels and days compare lower-cased (as the items' data-*).
 *
 * @param array<string,mixed>       $args    From studio_data_block_args().
 * @param list<array<string,mixed>> $classes The week's classes.
 * @return array<string,array{label:string,choices:array<string,string>}>
 */
function studio_data_schedule_filters( array $args, array $profile, array $instructors, array $classes ): array {
	$lower_map = static function ( array $names ): array {
		$map = array();
		foreach ( $names as $name ) {
			$map[ mb_strtolower( (string) $name ) ] = (string) $name;
		}
		return $map;
	};
	$types     = array_column( array_filter( (array) ( $profile['studioTypes'] ?? array() ), static fn ( $type ) => is_array( $type ) && ! empty( $type['isVisibleOnWeb'] ) ), 'name' );
	$people    = array();
	foreach ( $instructors as $person ) {
		$people[ (string) ( $person['id'] ?? '' ) ] = studio_data_person_name( $person );
	}
	$weekdays = array(
		'monday'    => __( 'Monday', 'studio-data' ),
		'tuesday'   => __( 'Tuesday', 'studio-data' ),
		'wednesday' => __( 'Wednesday', 'studio-data' ),
		'thursday'  => __( 'Thursday', 'studio-data' ),
		'friday'    => __( 'Friday', 'studio-data' ),
		'saturday'  => __( 'Saturday', 'studio-data' ),
		'sunday'    => __( 'Sunday', 'studio-data' ),
	);
	$configured_lower = static fn ( string $name ): array => array_map( 'mb_strtolower', studio_data_list_arg( $args[ $name ] ?? array() ) );
	return array(
		'danceType'  => array(
			'label'   => __( 'Dance type', 'studio-data' ),
			'choices' => studio_data_filter_choices( $configured_lower( 'dance_types' ), $lower_map( $types ) ),
		),
		'level'      => array(
			'label'   => __( 'Level', 'studio-data' ),
			'choices' => studio_data_filter_choices( $configured_lower( 'levels' ), $lower_map( array_filter( array_unique( array_column( $classes, 'level' ) ) ) ) ),
		),
		'instructor' => array(
			'label'   => __( 'Instructor', 'studio-data' ),
			'choices' => studio_data_filter_choices( studio_data_list_arg( $args['instructors'] ?? array() ), $people ),
		),
		'day'        => array(
			'label'   => __( 'Day', 'studio-data' ),
			'choices' => studio_data_filter_choices( $configured_lower( 'days' ), $weekdays ),
		),
	);
}

/**
 * Every filter's choices for the script, as lists of [value, label] pairs (a list keeps the order a
 * JSON object would not: numeric keys come first in JavaScript).
 *
 * @param array<string,array{label:string,choices:array<string,string>}> $filters
 * @return array<string,list<array{0:string,1:string}>>
 */
function studio_data_schedule_choice_lists( array $filters ): array {
	$lists = array();
	foreach ( $filters as $filter => $definition ) {
		$lists[ $filter ] = array();
		foreach ( $definition['choices'] as $value => $label ) {
			$lists[ $filter ][] = array( (string) $value, (string) $label );
		}
	}
	return $lists;
}

/**
 * The visitor's filter choices (from the query string), kept only when the block offers them.
 *
 * @param array<string,array{label:string,choices:array<string,string>}> $filters
 * @param array{number:int,week:string,filters:array<string,string>}     $params  The block's query parameters.
 * @return array<string,string> filter => chosen value ('' = all)
 */
function studio_data_schedule_chosen_filters( array $filters, array $params ): array {
	$chosen = array();
	foreach ( $params['filters'] as $filter => $param ) {
		$value             = studio_data_schedule_query_value( $param );
		$chosen[ $filter ] = isset( $filters[ $filter ]['choices'][ $value ] ) ? $value : '';
	}
	return $chosen;
}

/**
 * Narrows the renderer's arguments to the visitor's choices (the page without JavaScript).
 *
 * @param array<string,mixed>  $args
 * @param array<string,string> $chosen
 * @return array<string,mixed>
 */
function studio_data_schedule_args_with_choices( array $args, array $chosen ): array {
	$arg_names = array(
		'danceType'  => 'dance_types',
		'level'      => 'levels',
		'instructor' => 'instructors',
		'day'        => 'days',
	);
	foreach ( $chosen as $filter => $value ) {
		if ( '' !== $value ) {
			$args[ $arg_names[ $filter ] ] = array( $value );
		}
	}
	return $args;
}

/**
 * The page address's other query parameters, as hidden fields of the filter form: a form sent by GET
 * carries only its own fields, and would drop the page's (`?page_id=` under plain permalinks, a
 * language plugin's `?lang=`) and the other schedules' weeks and filters.
 *
 * @param list<string> $own The parameters the form sends itself.
 */
function studio_data_schedule_kept_fields( array $own ): string {
	$html = '';
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only navigation, written back escaped.
	foreach ( $_GET as $name => $value ) {
		if ( ! is_string( $name ) || ! is_string( $value ) || in_array( $name, $own, true ) ) {
			continue;
		}
		$html .= '<input type="hidden" name="' . esc_attr( $name ) . '" value="' . esc_attr( sanitize_text_field( wp_unslash( $value ) ) ) . '">';
	}
	return $html;
}

/**
 * The tools' markup: the filter form and the week links, with the Interactivity API directives of
 * the `studio-data/class-schedule` store.
 *
 * @param array<string,array{label:string,choices:array<string,string>}> $filters
 * @param array<string,string>                                           $chosen
 * @param array{from:string,prev:?string,next:?string,label:string}      $week
 * @param array<string,mixed>                                            $context The store's context (week, query for the REST route).
 * @param array{number:int,week:string,filters:array<string,string>}     $params  The block's query parameters.
 */
function studio_data_schedule_tools( array $filters, array $chosen, array $week, array $context, bool $show_filters, array $params ): string {
	/* translators: 1: number of classes shown, 2: number of classes in the week. Said to screen readers after filtering. */
	$status_template = __( '%1$d of %2$d classes shown.', 'studio-data' );
	$html            = '<div class="studio-data-schedule-tools" data-wp-interactive="studio-data/class-schedule" ' . wp_interactivity_data_wp_context( $context )
		. ' data-wp-on-window--popstate="actions.followAddress" data-status-template="' . esc_attr( $status_template ) . '">';
	if ( $show_filters ) {
		$html .= '<form class="studio-data-schedule-filters" method="get" role="search" aria-label="' . esc_attr( studio_data_numbered_label( __( 'Filter the classes', 'studio-data' ), $params['number'] ) ) . '"'
			. ' data-wp-init="callbacks.enhance" data-wp-on--change="actions.applyFilters" data-wp-on--submit="actions.applyFilters">';
		$html .= studio_data_schedule_kept_fields( array_merge( array( $params['week'] ), array_values( $params['filters'] ) ) );
		if ( null !== studio_data_date_arg( studio_data_schedule_query_value( $params['week'] ) ) ) {
			$html .= '<input type="hidden" name="' . esc_attr( $params['week'] ) . '" value="' . esc_attr( $week['from'] ) . '">';
		}
		foreach ( $filters as $filter => $definition ) {
			// Nothing to choose between this week: hidden, and disabled so the form leaves it out. It is
			// still there for the script to offer another week's choices (a level that comes later).
			$nothing_to_choose = count( $definition['choices'] ) < 2;
			$html             .= '<label' . ( $nothing_to_choose ? ' hidden' : '' ) . '>' . esc_html( $definition['label'] )
				. ' <select name="' . esc_attr( $params['filters'][ $filter ] ) . '" data-filter="' . esc_attr( $filter ) . '"' . disabled( $nothing_to_choose, true, false ) . '>';
			$html .= '<option value="">' . esc_html__( 'All', 'studio-data' ) . '</option>';
			foreach ( $definition['choices'] as $value => $label ) {
				$html .= '<option value="' . esc_attr( (string) $value ) . '"' . selected( $chosen[ $filter ], (string) $value, false ) . '>' . esc_html( $label ) . '</option>';
			}
			$html .= '</select></label>';
		}
		$html .= '<button type="submit" class="studio-data-schedule-apply" data-wp-bind--hidden="context.enhanced">' . esc_html__( 'Show', 'studio-data' ) . '</button>';
		$html .= '</form>';
	}
	$html .= '<nav class="studio-data-schedule-weeks" aria-label="' . esc_attr( studio_data_numbered_label( __( 'Weeks of the schedule', 'studio-data' ), $params['number'] ) ) . '">';
	$html .= studio_data_schedule_week_link( 'prev', __( 'Previous week', 'studio-data' ) );
	$html .= '<p class="studio-data-schedule-week" data-wp-text="context.label">' . esc_html( $week['label'] ) . '</p>';
	$html .= studio_data_schedule_week_link( 'next', __( 'Next week', 'studio-data' ) );
	$html .= '</nav>';
	$html .= '<p class="studio-data-schedule-status" role="status" data-wp-text="context.status"></p>';
	return $html . '</div>';
}

/**
 * The store's context of one schedule block: the week (with the links to its neighbours, which
 * exist as plain links too), the block's week parameter, and what the REST route needs to render
 * another week like this one.
 *
 * @param array{from:string,prev:?string,next:?string,label:string} $week
 * @param array<string,mixed>                                       $query  The block's attributes for the route.
 * @param array{number:int,week:string,filters:array<string,string>} $params The block's query parameters.
 * @return array<string,mixed>
 */
function studio_data_schedule_context( array $week, array $query, array $params ): array {
	$href = static fn ( ?string $date ): string => null === $date ? '' : (string) add_query_arg( $params['week'], $date );
	return array(
		'weekParam'   => $params['week'],
		'from'        => $week['from'],
		'first'       => $week['first'],
		'label'       => $week['label'],
		'prevHref'    => $href( $week['prev'] ),
		'nextHref'    => $href( $week['next'] ),
		'prevMissing' => null === $week['prev'],
		'nextMissing' => null === $week['next'],
		'status'      => '',
		'enhanced'    => false,
		'loading'     => false,
		'weekUrl'     => rest_url( STUDIO_DATA_REST_NAMESPACE . '/blocks/class-schedule/week' ),
		'query'       => $query + array( 'number' => $params['number'] ),
	);
}

/** A link to another week; at the ends it stays, hidden, so the script can show it after a move. */
function studio_data_schedule_week_link( string $direction, string $label ): string {
	return '<a class="studio-data-schedule-' . esc_attr( $direction ) . '" rel="' . esc_attr( $direction ) . '"'
		. ' data-wp-bind--href="context.' . esc_attr( $direction ) . 'Href" data-wp-bind--hidden="context.' . esc_attr( $direction ) . 'Missing"'
		. ' data-wp-on--click="actions.showWeek" data-direction="' . esc_attr( $direction ) . '">' . esc_html( $label ) . '</a>';
}
