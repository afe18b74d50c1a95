<?php
/**
 * Markup shared by the schedule (classes) and the events list: days in the studio's zone, each with
 * its classes or events and a booking link.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * How a list of classes ('class') or events ('event') is shown, from the studio's profile and the
 * renderer's arguments.
 *
 * @param array<string,mixed>  $profile The studio profile.
 * @param array<string,string> $ctx     From studio_data_render_context().
 * @param array<string,mixed>  $args    The renderer's arguments (layout, descriptions, number: which
 *                                      block of its kind on the page this is, for its landmark's name).
 * @return array<string,mixed>
 */
function studio_data_occurrence_view( string $kind, array $profile, array $ctx, array $args ): array {
	$is_event = 'event' === $kind;
	$number   = studio_data_int_arg( $args['number'] ?? 1, 1, 1, 99 );
	return array(
		'kind'         => $kind,
		'zone'         => studio_data_timezone( $profile ),
		'currency'     => (string) ( $profile['defaultCurrency'] ?? '' ),
		'ctx'          => $ctx,
		'layout'       => 'grid' === ( $args['layout'] ?? 'list' ) ? 'grid' : 'list',
		'number'       => $number,
		'label'        => studio_data_numbered_label( $is_event ? __( 'Upcoming events', 'studio-data' ) : __( 'Class schedule', 'studio-data' ), $number ),
		'empty'        => $is_event ? __( 'No upcoming events.', 'studio-data' ) : __( 'No classes in this week.', 'studio-data' ),
		'now'          => studio_data_now(),
		// Event descriptions say what the evening is; class descriptions repeat every week.
		'descriptions' => studio_data_bool_arg( $args['descriptions'] ?? $is_event, $is_event ),
	);
}

/**
 * Classes or events grouped by their studio-local date, in the order the API gave them.
 *
 * @param list<array<string,mixed>> $items
 * @param callable(array):string    $local_date_of
 * @return array<string,list<array<string,mixed>>>
 */
function studio_data_group_by_day( array $items, callable $local_date_of ): array {
	$days = array();
	foreach ( $items as $item ) {
		$days[ $local_date_of( $item ) ][] = $item;
	}
	return $days;
}

/**
 * Days of classes or events.
 *
 * @param array<string,list<array<string,mixed>>> $days
 * @param array<string,mixed>                     $view zone, currency, ctx, layout, kind ('class'|'event'), label, empty, now.
 */
function studio_data_render_days( array $days, array $view ): string {
	$block = 'event' === $view['kind'] ? 'events' : 'schedule';
	$html  = '<section class="studio-data studio-data-' . $block . ' studio-data--' . esc_attr( $view['layout'] ) . '" aria-label="' . esc_attr( $view['label'] ) . '">';
	$html .= studio_data_zone_note( $view['zone'] );
	if ( array() === $days ) {
		return $html . '<p class="studio-data__empty">' . esc_html( $view['empty'] ) . '</p></section>';
	}
	$html .= '<div class="studio-data__days">';
	foreach ( $days as $date => $items ) {
		$day_label = studio_data_day_label( (string) $date, $view['zone'] );
		$html     .= '<div class="studio-data__day">' . studio_data_heading( $view['ctx'], 0, 'studio-data__day-title', '<time datetime="' . esc_attr( (string) $date ) . '">' . esc_html( $day_label ) . '</time>' ) . '<ul class="studio-data__items">';
		foreach ( $items as $item ) {
			$html .= studio_data_render_occurrence( $item, $day_label, $view );
		}
		$html .= '</ul></div>';
	}
	return $html . '</div></section>';
}

/**
 * The end time, escaped. One that is not after the start ends the next day (a social until 02:00):
 * it says so, and carries its local date and time, so "23:00–02:00" does not read as a backwards range.
 *
 * @param array<string,mixed> $item
 * @param array<string,mixed> $view
 */
function studio_data_occurrence_end( array $item, string $start, string $end, array $view ): string {
	if ( '' === $start || '' === $end || $end > $start ) {
		return esc_html( studio_data_site_time( $end ) );
	}
	$date = 'event' === $view['kind'] ? studio_data_scalar_text( $item['date'] ?? '' ) : studio_data_local_date( studio_data_scalar_text( $item['date'] ?? '' ), $view['zone'] );
	$day  = DateTimeImmutable::createFromFormat( '!Y-m-d', $date );
	/* translators: shown after an end time that falls on the day after the start, e.g. "23:00–02:00 (next day)". */
	$cue = esc_html__( '(next day)', 'studio-data' );
	if ( false === $day ) {
		return esc_html( studio_data_site_time( $end ) ) . ' ' . $cue;
	}
	return '<time datetime="' . esc_attr( $day->modify( '+1 day' )->format( 'Y-m-d' ) . 'T' . $end ) . '">' . esc_html( studio_data_site_time( $end ) ) . '</time> ' . $cue;
}

/**
 * One class or event.
 *
 * @param array<string,mixed>  $item
 * @param array<string,mixed>  $view
 * @param array<string,string> $attributes More attributes of its <li> (the timetable's row and colour), escaped here.
 */
function studio_data_render_occurrence( array $item, string $day_label, array $view, array $attributes = array() ): string {
	$is_event = 'event' === $view['kind'];
	$name     = (string) ( $item['name'] ?? '' );
	$start    = (string) ( $item['startTime'] ?? '' );
	$end      = (string) ( $item['endTime'] ?? '' );
	$datetime = $is_event ? ( (string) ( $item['date'] ?? '' ) . 'T' . $start ) : (string) ( $item['date'] ?? '' );
	$person   = studio_data_person_name( $is_event ? ( $item['host'] ?? null ) : ( $item['instructor'] ?? null ) );

	$meta = array();
	if ( ! $is_event && ! empty( $item['danceType'] ) ) {
		$meta['type'] = studio_data_scalar_text( $item['danceType'] );
	}
	if ( ! empty( $item['level'] ) ) {
		$meta['level'] = studio_data_scalar_text( $item['level'] );
	}
	if ( ! empty( $item['room'] ) ) {
		$meta['room'] = (string) $item['room'];
	}
	if ( '' !== $person ) {
		/* translators: %s: the instructor's or host's name. */
		$meta['person'] = sprintf( $is_event ? __( 'hosted by %s', 'studio-data' ) : __( 'with %s', 'studio-data' ), $person );
	}

	// The schedule block's filters (blocks/class-schedule/view.ts) read these; they change nothing else.
	$html  = '<li class="studio-data-' . esc_attr( $view['kind'] ) . '"'
		. ' data-dance-type="' . esc_attr( mb_strtolower( studio_data_scalar_text( $item['danceType'] ?? '' ) ) ) . '"'
		. ' data-level="' . esc_attr( mb_strtolower( studio_data_scalar_text( $item['level'] ?? '' ) ) ) . '"'
		. ' data-instructor="' . esc_attr( (string) ( ( $is_event ? ( $item['host']['id'] ?? '' ) : ( $item['instructor']['id'] ?? '' ) ) ) ) . '"'
		. ' data-day="' . esc_attr( mb_strtolower( (string) ( $item['dayOfWeek'] ?? '' ) ) ) . '"';
	foreach ( $attributes as $attribute => $value ) {
		$html .= ' ' . esc_attr( $attribute ) . '="' . esc_attr( $value ) . '"';
	}
	$html .= '>';
	$html .= '<p class="studio-data-item__time"><time datetime="' . esc_attr( $datetime ) . '">' . esc_html( studio_data_site_time( $start ) ) . '</time>&ndash;' . studio_data_occurrence_end( $item, $start, $end, $view ) . '</p>';
	$html .= studio_data_heading( $view['ctx'], 1, 'studio-data-item__name', esc_html( $name ) );
	if ( array() !== $meta ) {
		// Each part in its own span (separators too), so a compact view can set some aside (the timetable: the dance type its colour tells).
		$parts = array();
		foreach ( $meta as $part => $text ) {
			$parts[] = '<span class="studio-data-item__' . esc_attr( $part ) . '">' . esc_html( $text ) . '</span>';
		}
		$html .= '<p class="studio-data-item__meta">' . implode( '<span class="studio-data-item__separator"> · </span>', $parts ) . '</p>';
	}
	$description = studio_data_text( $item['description'] ?? null, $view['ctx'] );
	if ( '' !== $description && ! empty( $view['descriptions'] ) ) {
		$html .= studio_data_paragraphs( $description, 'studio-data-item__description' );
	}
	// Nothing to pay is said in words, as the booking page says it.
	$amount = $item['price'] ?? null;
	$price  = 0 === $amount || 0.0 === $amount ? __( 'Free', 'studio-data' ) : studio_data_format_price( $amount, $view['currency'], $view['ctx']['locale'] );
	if ( '' !== $price ) {
		$html .= '<p class="studio-data-item__price">' . esc_html( $price ) . '</p>';
	}

	// The booking page's link, named for screen readers by what it books; none without a checkout address.
	$book_link = static fn( string $label ): string => '' === $view['ctx']['checkout'] || empty( $item['id'] ) ? '' : studio_data_booking_link(
		studio_data_class_booking_url( $view['ctx']['checkout'], (string) $item['id'], $view['ctx']['booking_locale'] ),
		$label,
		/* translators: 1: class or event name, 2: day, 3: start time. */
		sprintf( __( '%1$s, %2$s at %3$s', 'studio-data' ), $name, $day_label, studio_data_site_time( $start ) )
	);
	$past  = studio_data_occurrence_started( $item, $view );
	$spots = $item['spotsLeft'] ?? null;
	if ( $past ) {
		$html .= '<p class="studio-data-item__status">' . esc_html__( 'Already started', 'studio-data' ) . '</p>';
	} elseif ( 0 === $spots ) {
		$html .= '<p class="studio-data-item__status">' . esc_html__( 'Full', 'studio-data' ) . '</p>';
		// A full class whose waitlist takes names: the booking page puts the student on it.
		if ( true === ( $item['waitlistOpen'] ?? null ) ) {
			$html .= $book_link( __( 'Join the waitlist', 'studio-data' ) );
		}
	} else {
		if ( is_int( $spots ) ) {
			/* translators: %d: number of places left. */
			$html .= '<p class="studio-data-item__spots">' . esc_html( sprintf( _n( '%d spot left', '%d spots left', $spots, 'studio-data' ), $spots ) ) . '</p>';
		}
		$html .= $book_link( __( 'Book', 'studio-data' ) );
	}
	return $html . '</li>';
}

/** Whether a class or event has started (its start instant is before now). */
function studio_data_occurrence_started( array $item, array $view ): bool {
	$date = (string) ( $item['date'] ?? '' );
	if ( 'event' === $view['kind'] ) {
		$start = studio_data_local_instant( $date, (string) ( $item['startTime'] ?? '00:00' ), $view['zone'] );
	} else {
		try {
			$start = new DateTimeImmutable( $date );
		} catch ( Exception $e ) {
			$start = null;
		}
	}
	return null !== $start && $start->getTimestamp() < $view['now'];
}
