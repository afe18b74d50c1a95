<?php
/**
 * The events as a month calendar (the events block's layout "calendar", `layout="calendar"` on the
 * shortcode): a table of the month's weeks, starting on the site's first day of the week, each day
 * with its events linked to their booking pages, and links to the previous and next months that
 * reload the page (`?studio_data_month=YYYY-MM`). No JavaScript. A narrow block shows the days with
 * events as a list (month-calendar.css).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** The query parameter of the month shown. */
const STUDIO_DATA_MONTH_PARAM = 'studio_data_month';

/** The month parameter of the page's events block number $number: the plain name for the first, studio_data_month_2 for the second... */
function studio_data_month_param( int $number ): string {
	return STUDIO_DATA_MONTH_PARAM . ( $number > 1 ? '_' . $number : '' );
}

/** How many months ahead visitors can page. */
const STUDIO_DATA_MONTHS_AHEAD = 12;

/**
 * The month shown: the visitor's (query string) within this month and STUDIO_DATA_MONTHS_AHEAD on,
 * else this month, in the studio's zone; and its neighbours (null at the ends).
 *
 * @return array{first:DateTimeImmutable,prev:?string,next:?string}
 */
function studio_data_events_month( DateTimeZone $zone, int $number = 1 ): array {
	$this_month = studio_data_today( $zone )->modify( 'first day of this month' );
	$param      = studio_data_month_param( $number );
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only view choice.
	$asked = isset( $_GET[ $param ] ) && is_string( $_GET[ $param ] ) ? sanitize_text_field( wp_unslash( $_GET[ $param ] ) ) : '';
	$first = preg_match( '/^\d{4}-\d{2}$/', $asked ) ? DateTimeImmutable::createFromFormat( '!Y-m-d', $asked . '-01', $zone ) : false;
	$last  = $this_month->modify( '+' . STUDIO_DATA_MONTHS_AHEAD . ' months' );
	if ( false === $first || $first < $this_month || $first > $last ) {
		$first = $this_month;
	}
	return array(
		'first' => $first,
		'prev'  => $first > $this_month ? $first->modify( '-1 month' )->format( 'Y-m' ) : null,
		'next'  => $first < $last ? $first->modify( '+1 month' )->format( 'Y-m' ) : null,
	);
}

/**
 * The days of the month shown that can still have events: from today (or the 1st) to its last day.
 *
 * @return array{from:DateTimeImmutable,days:int}
 */
function studio_data_events_month_window( DateTimeZone $zone, int $number = 1 ): array {
	$first = studio_data_events_month( $zone, $number )['first'];
	$today = studio_data_today( $zone );
	$from  = $today > $first ? $today : $first;
	$end   = $first->modify( 'first day of next month' );
	return array(
		'from' => $from,
		'days' => max( 0, (int) $from->diff( $end )->days ),
	);
}

/**
 * The month calendar of events.
 *
 * @param list<array<string,mixed>> $events The month's events (from today on).
 * @param array<string,mixed>       $view   From studio_data_occurrence_view().
 */
function studio_data_render_month_calendar( array $events, array $view ): string {
	global $wp_locale;
	wp_enqueue_style( 'studio-data-month-calendar' );
	$zone   = $view['zone'];
	$month  = studio_data_events_month( $zone, $view['number'] );
	$param  = studio_data_month_param( $view['number'] );
	$first  = $month['first'];
	$by_day = studio_data_group_by_day( $events, static fn ( array $item ): string => (string) ( $item['date'] ?? '' ) );
	$title  = wp_date( _x( 'F Y', 'month calendar title, see https://www.php.net/manual/datetime.format.php', 'studio-data' ), $first->getTimestamp() + 12 * HOUR_IN_SECONDS, $zone );
	static $calendars = 0;
	$title_id = 'studio-data-month-' . ( ++$calendars );

	$html  = '<section class="studio-data studio-data-events studio-data--calendar" aria-labelledby="' . esc_attr( $title_id ) . '">';
	// The region is named by its title, told apart for screen readers from the second calendar on.
	$apart = $view['number'] > 1 ? '<span class="screen-reader-text"> (' . esc_html( (string) $view['number'] ) . ')</span>' : '';
	$html .= '<div class="studio-data-month__head">' . studio_data_heading( $view['ctx'], 0, 'studio-data-month__title', '<span id="' . esc_attr( $title_id ) . '">' . esc_html( $title ) . $apart . '</span>' );
	$html .= '<nav class="studio-data-month__nav" aria-label="' . esc_attr( studio_data_numbered_label( __( 'Months of the calendar', 'studio-data' ), $view['number'] ) ) . '">';
	$html .= null === $month['prev'] ? '' : '<a rel="prev" href="' . esc_url( add_query_arg( $param, $month['prev'] ) ) . '">' . esc_html__( 'Previous month', 'studio-data' ) . '</a>';
	$html .= null === $month['next'] ? '' : '<a rel="next" href="' . esc_url( add_query_arg( $param, $month['next'] ) ) . '">' . esc_html__( 'Next month', 'studio-data' ) . '</a>';
	$html .= '</nav></div>' . studio_data_zone_note( $zone );
	if ( array() === $events ) {
		$html .= '<p class="studio-data__empty">' . esc_html__( 'No events this month.', 'studio-data' ) . '</p>';
	}

	$week_start = (int) get_option( 'start_of_week', 1 );
	$html      .= '<table class="studio-data-month"><thead><tr>';
	for ( $column = 0; $column < 7; $column++ ) {
		$weekday = $wp_locale->get_weekday( ( $week_start + $column ) % 7 );
		$html   .= '<th scope="col"><abbr title="' . esc_attr( $weekday ) . '">' . esc_html( $wp_locale->get_weekday_abbrev( $weekday ) ) . '</abbr></th>';
	}
	$html .= '</tr></thead><tbody>';
	$lead  = ( (int) $first->format( 'w' ) - $week_start + 7 ) % 7;
	$day   = $first->modify( '-' . $lead . ' days' );
	$end   = $first->modify( 'first day of next month' );
	$today = studio_data_local_today( $zone );
	while ( $day < $end ) {
		$html .= '<tr>';
		for ( $column = 0; $column < 7; $column++, $day = $day->modify( '+1 day' ) ) {
			$date = $day->format( 'Y-m-d' );
			if ( $day < $first || $day >= $end ) {
				$html .= '<td class="studio-data-month__outside"></td>';
				continue;
			}
			$items   = $by_day[ $date ] ?? array();
			$classes = 'studio-data-month__day' . ( array() === $items ? ' studio-data-month__day--empty' : '' ) . ( $date === $today ? ' studio-data-month__day--today' : '' ) . ( $date < $today ? ' studio-data-month__day--past' : '' );
			$label   = studio_data_day_label( $date, $zone );
			$html   .= '<td class="' . esc_attr( $classes ) . '"' . ( $date === $today ? ' aria-current="date"' : '' ) . '>'
				. '<p class="studio-data-month__date"><time datetime="' . esc_attr( $date ) . '"><span class="studio-data-month__number">' . esc_html( $day->format( 'j' ) ) . '</span>'
				. '<span class="studio-data-month__full-date">' . esc_html( $label ) . '</span></time></p>';
			if ( array() !== $items ) {
				$html .= '<ul class="studio-data-month__events">';
				foreach ( $items as $item ) {
					$html .= '<li>' . studio_data_month_calendar_event( $item, $label, $view ) . '</li>';
				}
				$html .= '</ul>';
			}
			$html .= '</td>';
		}
		$html .= '</tr>';
	}
	return $html . '</tbody></table></section>';
}

/**
 * One event in its day: its start time and name, a link to its booking page while it can be booked.
 *
 * @param array<string,mixed> $item
 * @param array<string,mixed> $view
 */
function studio_data_month_calendar_event( array $item, string $day_label, array $view ): string {
	$name  = studio_data_scalar_text( $item['name'] ?? '' );
	$start = studio_data_scalar_text( $item['startTime'] ?? '' );
	$text  = '<time datetime="' . esc_attr( studio_data_scalar_text( $item['date'] ?? '' ) . 'T' . $start ) . '">' . esc_html( studio_data_site_time( $start ) ) . '</time> ' . esc_html( $name );
	$open  = '' !== $view['ctx']['checkout'] && ! empty( $item['id'] ) && 0 !== ( $item['spotsLeft'] ?? null ) && ! studio_data_occurrence_started( $item, $view );
	if ( ! $open ) {
		return '<span class="studio-data-month__event">' . $text . '</span>';
	}
	return '<a class="studio-data-month__event" href="' . esc_url( studio_data_class_booking_url( $view['ctx']['checkout'], (string) $item['id'], $view['ctx']['booking_locale'] ) ) . '">' . $text
		/* translators: 1: the day of an event, e.g. "Tuesday, 3 November 2026". Read after the event's time and name by screen readers. */
		. '<span class="screen-reader-text">' . esc_html( sprintf( __( ', %1$s: book', 'studio-data' ), $day_label ) ) . '</span></a>';
}
