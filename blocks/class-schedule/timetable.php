<?php
/**
 * The schedule's week as students scan it: one collapsible day (<details>) per day with classes, in
 * a timetable (layout "grid": days across, start times down, on a wide block) or a compact list
 * (layout "list"). A narrow block (a phone, a sidebar) shows the days as an accordion that opens on
 * the first day; a wide one shows every day (style.css). Each class carries its dance type's colour,
 * and a legend names the colours. No JavaScript is needed for any of it.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * The week's days of classes, as a timetable or a compact list.
 *
 * @param array<string,list<array<string,mixed>>> $days   Studio-local date => its classes, in time order.
 * @param array<string,mixed>                     $view   From studio_data_occurrence_view().
 * @param array<string,string>                    $colors Lower-cased dance type => #rrggbb.
 */
function studio_data_render_schedule_week( array $days, array $view, array $colors ): string {
	wp_enqueue_style( 'studio-data-timetable' );
	$html = '<section class="studio-data studio-data-schedule studio-data--' . esc_attr( $view['layout'] ) . '" aria-label="' . esc_attr( $view['label'] ) . '">';
	$html .= studio_data_zone_note( $view['zone'] );
	if ( array() === $days ) {
		return $html . '<p class="studio-data__empty">' . esc_html( $view['empty'] ) . '</p></section>';
	}
	$html .= studio_data_schedule_legend( $days, $colors );

	$rows = studio_data_timetable_rows( $days, $view['zone'] );
	$html     .= '<div class="studio-data__days" style="' . esc_attr( '--studio-data-rows:' . max( 1, $rows['count'] ) . ';--studio-data-columns:' . count( $days ) ) . '">';
	$first     = true;
	foreach ( $days as $date => $items ) {
		$day_label = studio_data_day_label( (string) $date, $view['zone'] );
		$count     = count( $items );
		$day       = DateTimeImmutable::createFromFormat( '!Y-m-d', (string) $date, $view['zone'] );
		// The week is known (the tools name it): a day's title needs no year, and fits a phone's line.
		/* translators: date format of a day's title in the class schedule's week, see https://www.php.net/manual/datetime.format.php */
		$title     = false === $day ? $day_label : wp_date( __( 'l j F', 'studio-data' ), $day->getTimestamp() + 12 * HOUR_IN_SECONDS, $view['zone'] );
		// Each day its own disclosure, the first open. (Not one exclusive group, <details name>: two
		// schedules showing the same week on one page would close each other's days.)
		$html     .= '<details class="studio-data__day"' . ( $first ? ' open' : '' ) . '>'
			. '<summary class="studio-data__day-summary">'
			. studio_data_heading( $view['ctx'], 0, 'studio-data__day-title', '<time datetime="' . esc_attr( (string) $date ) . '">' . esc_html( $title ) . '</time>' )
			// The count as shown, and its two forms for the visitor's filters to say how many they leave (schedule-filter.ts).
			. '<span class="studio-data__day-count" data-one="' . esc_attr( _n( '%d class', '%d classes', 1, 'studio-data' ) ) . '" data-other="' . esc_attr( _n( '%d class', '%d classes', 2, 'studio-data' ) ) . '">'
			/* translators: %d: number of classes on a day of the schedule. */
			. esc_html( sprintf( _n( '%d class', '%d classes', $count, 'studio-data' ), $count ) ) . '</span>'
			. '</summary><ul class="studio-data__items">';
		foreach ( $items as $item ) {
			$type  = mb_strtolower( studio_data_scalar_text( $item['danceType'] ?? '' ) );
			$style = '--studio-data-row:' . ( $rows['row'][ studio_data_timetable_item_key( $item ) ] ?? 1 )
				. ( isset( $colors[ $type ] ) ? ';--studio-data-type-color:' . $colors[ $type ] : '' );
			$more  = array( 'style' => $style ) + ( studio_data_occurrence_started( $item, $view ) ? array( 'data-started' => 'true' ) : array() );
			$html .= studio_data_render_occurrence( $item, $day_label, $view, $more );
		}
		$html .= '</ul></details>';
		$first = false;
	}
	return $html . '</div></section>';
}

/** What tells one class of the week from another for the timetable's rows (its id and instant). */
function studio_data_timetable_item_key( array $item ): string {
	return studio_data_scalar_text( $item['id'] ?? '' ) . '@' . studio_data_scalar_text( $item['date'] ?? '' );
}

/**
 * The timetable's rows: one band per hour of the week that classes start in (17:00 and 17:15 share
 * one), as many rows deep as the day with most classes starting in that hour needs, so an hour reads
 * across the whole week on one line.
 *
 * @param array<string,list<array<string,mixed>>> $days
 * @return array{count:int,row:array<string,int>} Rows in all, and each class's row (1-based, below the days' titles).
 */
function studio_data_timetable_rows( array $days, DateTimeZone $zone ): array {
	$depth    = array(); // start hour => most classes starting in that hour on one day.
	$position = array(); // class key => [start hour, its place among that day's classes starting in that hour].
	foreach ( $days as $items ) {
		$at_time = array();
		foreach ( $items as $item ) {
			$start                                            = substr( studio_data_scalar_text( $item['startTime'] ?? '' ), 0, 2 );
			$at_time[ $start ]                                = ( $at_time[ $start ] ?? 0 ) + 1;
			$depth[ $start ]                                  = max( $depth[ $start ] ?? 0, $at_time[ $start ] );
			$position[ studio_data_timetable_item_key( $item ) ] = array( $start, $at_time[ $start ] - 1 );
		}
	}
	ksort( $depth, SORT_STRING ); // HH sorts as text.
	$first_row = array();
	$next      = 1;
	foreach ( $depth as $start => $rows ) {
		$first_row[ $start ] = $next;
		$next               += $rows;
	}
	$row = array();
	foreach ( $position as $key => [ $start, $place ] ) {
		$row[ $key ] = $first_row[ $start ] + $place;
	}
	return array(
		'count' => $next - 1,
		'row'   => $row,
	);
}

/**
 * The legend of the dance types' colours, for the types the week shows (none for a single type).
 *
 * @param array<string,list<array<string,mixed>>> $days
 * @param array<string,string>                    $colors
 */
function studio_data_schedule_legend( array $days, array $colors ): string {
	$shown = array();
	foreach ( $days as $items ) {
		foreach ( $items as $item ) {
			$name = studio_data_scalar_text( $item['danceType'] ?? '' );
			if ( '' !== $name && isset( $colors[ mb_strtolower( $name ) ] ) ) {
				$shown[ mb_strtolower( $name ) ] = $name;
			}
		}
	}
	if ( count( $shown ) < 2 ) {
		return '';
	}
	$html = '<ul class="studio-data-legend" aria-label="' . esc_attr__( 'Colour key', 'studio-data' ) . '">';
	foreach ( array_intersect_key( $colors, $shown ) as $type => $color ) {
		$html .= '<li class="studio-data-legend__type" style="' . esc_attr( '--studio-data-type-color:' . $color ) . '">' . esc_html( $shown[ $type ] ) . '</li>';
	}
	return $html . '</ul>';
}

/**
 * Each dance type's colour: the one picked in the block (`dance_type_colors`, "Type:#rrggbb"), else
 * the next of the palette (`palette`, block.json's accessible default), in the studio's order of types.
 *
 * @param array<string,mixed> $profile The studio profile.
 * @param array<string,mixed> $args    The renderer's arguments.
 * @return array<string,string> lower-cased dance type => #rrggbb
 */
function studio_data_dance_type_colors( array $profile, array $args ): array {
	$is_color = static fn ( string $value ): bool => 1 === preg_match( '/^#[0-9a-f]{6}$/i', $value );
	$palette  = array_values( array_filter( studio_data_list_arg( $args['palette'] ?? studio_data_block_default( 'class-schedule', 'palette' ) ), $is_color ) );
	$picked   = array();
	foreach ( studio_data_list_arg( $args['dance_type_colors'] ?? array() ) as $pair ) {
		$at = strrpos( $pair, ':' );
		if ( false !== $at && $is_color( substr( $pair, $at + 1 ) ) ) {
			$picked[ mb_strtolower( trim( substr( $pair, 0, $at ) ) ) ] = strtolower( substr( $pair, $at + 1 ) );
		}
	}
	$colors = array();
	foreach ( array_values( (array) ( $profile['studioTypes'] ?? array() ) ) as $index => $type ) {
		$name = mb_strtolower( studio_data_scalar_text( is_array( $type ) ? ( $type['name'] ?? '' ) : '' ) );
		if ( '' !== $name ) {
			$colors[ $name ] = $picked[ $name ] ?? ( array() === $palette ? null : strtolower( $palette[ $index % count( $palette ) ] ) );
		}
	}
	return array_filter( $colors + $picked );
}
