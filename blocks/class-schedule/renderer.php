<?php
/**
 * The weekly class schedule: studio_data_render_schedule(), used by [studio_data_schedule] and this
 * block (block-markup.php, the week route).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * Classes of one 7-day window, grouped by day, filtered, with booking links.
 *
 * @param array<string,mixed> $args studio, locale, from (Y-m-d; default today in the studio's zone),
 *                                  dance_types, levels, instructors (ids), days (weekday names),
 *                                  layout ('list': compact list | 'grid': timetable), show_past (bool, default false),
 *                                  dance_type_colors ("Type:#rrggbb" list), palette (#rrggbb list; default: block.json's),
 *                                  descriptions (bool, default false), subscribe (bool, default true: links to
 *                                  subscribe to the calendar feed of the one dance type or instructor shown, or the studio's).
 */
function studio_data_render_schedule( array $args ): string {
	return studio_data_render_guarded( 'schedule', $args, 'studio_data_schedule_html' );
}

/** The markup of studio_data_render_schedule(), for its render context and arguments. */
function studio_data_schedule_html( array $ctx, array $args ): string {
	$bridge  = studio_data_bridge();
	$profile = $bridge->studioProfile( $ctx['studio'] );
	$view    = studio_data_occurrence_view( 'class', $profile, $ctx, $args );
	$zone    = $view['zone'];
	$classes = $bridge->classes( $ctx['studio'], studio_data_window_from( $args['from'] ?? null, $zone ) );
	$classes = studio_data_filter_classes( $classes, $args, $view );
	$days    = studio_data_group_by_day(
		$classes,
		static fn ( array $item ): string => studio_data_local_date( (string) ( $item['date'] ?? '' ), $zone )
	);
	$subscribe = studio_data_bool_arg( $args['subscribe'] ?? true, true )
		? studio_data_subscribe_html( $ctx, studio_data_single_arg( $args['dance_types'] ?? array() ), studio_data_single_arg( $args['instructors'] ?? array() ) )
		: '';
	return studio_data_unknown_dance_types_note( $profile, $args['dance_types'] ?? array() )
		. studio_data_render_schedule_week( $days, $view, studio_data_dance_type_colors( $profile, $args ) ) . $subscribe;
}

/**
 * The classes the arguments ask for. Names compare case-insensitively.
 *
 * @param list<array<string,mixed>> $classes
 * @param array<string,mixed>       $args
 * @param array<string,mixed>       $view
 * @return list<array<string,mixed>>
 */
function studio_data_filter_classes( array $classes, array $args, array $view ): array {
	$lower       = static fn ( array $values ): array => array_map( 'mb_strtolower', $values );
	$dance_types = $lower( studio_data_list_arg( $args['dance_types'] ?? array() ) );
	$levels      = $lower( studio_data_list_arg( $args['levels'] ?? array() ) );
	$days        = $lower( studio_data_list_arg( $args['days'] ?? array() ) );
	$instructors = studio_data_list_arg( $args['instructors'] ?? array() );
	$show_past   = studio_data_bool_arg( $args['show_past'] ?? false, false );

	return array_values(
		array_filter(
			$classes,
			static function ( array $item ) use ( $dance_types, $levels, $days, $instructors, $show_past, $view ): bool {
				return ( array() === $dance_types || in_array( mb_strtolower( studio_data_scalar_text( $item['danceType'] ?? '' ) ), $dance_types, true ) )
					&& ( array() === $levels || in_array( mb_strtolower( studio_data_scalar_text( $item['level'] ?? '' ) ), $levels, true ) )
					&& ( array() === $days || in_array( mb_strtolower( (string) ( $item['dayOfWeek'] ?? '' ) ), $days, true ) )
					&& ( array() === $instructors || in_array( (string) ( $item['instructor']['id'] ?? '' ), $instructors, true ) )
					&& ( $show_past || ! studio_data_occurrence_started( $item, $view ) );
			}
		)
	);
}
