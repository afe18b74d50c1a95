<?php
/**
 * The pieces of the Bookings screen and the dashboard widget: a roster table, a class with its
 * roster, a booking's one-line summary. Everything escaped here, at output.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

const STUDIO_DATA_BOOKINGS_PAGE = 'studio-data-bookings';

/** The Bookings screen's address, with query arguments. */
function studio_data_bookings_url( array $args = array() ): string {
	return add_query_arg( array_merge( array( 'page' => STUDIO_DATA_BOOKINGS_PAGE ), $args ), admin_url( 'admin.php' ) );
}

/** "Lucía Pérez" */
function studio_data_guest_name( array $booking ): string {
	return trim( (string) ( $booking['guest']['firstName'] ?? '' ) . ' ' . (string) ( $booking['guest']['lastName'] ?? '' ) );
}

/**
 * A table of bookings: who, how to reach them, the reference, and a link to cancel.
 *
 * @param list<array<string,mixed>> $bookings
 * @param string                    $caption  What the table lists, for screen readers too.
 * @param bool                      $with_class Whether to show what was booked and when (search results).
 * @param bool                      $with_place Whether to show each one's place on the waitlist (a waitlist, first in line first).
 */
function studio_data_render_booking_table( array $bookings, string $caption, DateTimeZone $zone, bool $with_class = false, bool $with_place = false ): string {
	$html  = '<table class="widefat striped studio-data-roster"><caption>' . esc_html( $caption ) . '</caption><thead><tr>';
	$heads = $with_class
		? array( __( 'When', 'studio-data' ), __( 'What', 'studio-data' ), __( 'Status', 'studio-data' ) )
		: array();
	if ( $with_place ) {
		$heads[] = __( 'Place', 'studio-data' );
	}
	$heads = array_merge( $heads, array( __( 'Name', 'studio-data' ), __( 'Email', 'studio-data' ), __( 'Phone', 'studio-data' ), __( 'Reference', 'studio-data' ), __( 'Action', 'studio-data' ) ) );
	foreach ( $heads as $head ) {
		$html .= '<th scope="col">' . esc_html( $head ) . '</th>';
	}
	$html .= '</tr></thead><tbody>';
	foreach ( $bookings as $booking ) {
		$name      = studio_data_guest_name( $booking );
		$reference = (string) ( $booking['reference'] ?? '' );
		$html     .= '<tr>';
		if ( $with_class ) {
			$start = (string) ( $booking['start'] ?? '' );
			$html .= '<td>' . esc_html( studio_data_day_label( studio_data_local_date( $start, $zone ), $zone ) . ' ' . studio_data_site_time( studio_data_local_time( $start, $zone ) ) ) . '</td>';
			$html .= '<td>' . esc_html( (string) ( $booking['title'] ?? '' ) ) . '</td>';
			$html .= '<td>' . esc_html( studio_data_booking_status( $booking ) ) . '</td>';
		}
		if ( $with_place ) {
			$html .= '<td>' . esc_html( (string) (int) ( $booking['waitlistPosition'] ?? 0 ) ) . '</td>';
		}
		$html .= '<td>' . esc_html( $name ) . '</td>';
		$email = (string) ( $booking['guest']['email'] ?? '' );
		$html .= '<td><a href="' . esc_url( 'mailto:' . $email ) . '">' . esc_html( $email ) . '</a></td>';
		$html .= '<td>' . esc_html( (string) ( $booking['guest']['phone'] ?? '' ) ) . '</td>';
		$html .= '<td><code>' . esc_html( $reference ) . '</code></td>';
		$html .= '<td>';
		if ( in_array( $booking['status'] ?? '', array( 'confirmed', 'waiting' ), true ) ) {
			$html .= '<a href="' . esc_url( studio_data_bookings_url( array( 'cancel' => $reference ) ) ) . '" aria-label="'
				/* translators: 1: the student's name, 2: the booking reference. */
				. esc_attr( sprintf( __( 'Cancel the booking of %1$s (%2$s)', 'studio-data' ), $name, $reference ) ) . '">' . esc_html__( 'Cancel', 'studio-data' ) . '</a>';
		}
		$html .= '</td></tr>';
	}
	return $html . '</tbody></table>';
}

/** "Booked", "Waiting (number 2)", "Cancelled" */
function studio_data_booking_status( array $booking ): string {
	switch ( $booking['status'] ?? '' ) {
		case 'waiting':
			/* translators: %d: the place on the waitlist. */
			return sprintf( __( 'Waiting (number %d)', 'studio-data' ), (int) ( $booking['waitlistPosition'] ?? 0 ) );
		case 'cancelled':
			return __( 'Cancelled', 'studio-data' );
		default:
			return __( 'Booked', 'studio-data' );
	}
}

/** "12 of 20 booked", "20 of 20 booked, full, 2 waiting"; "3 booked" where the class has no capacity (or a private lesson). */
function studio_data_roster_counts( array $item ): string {
	$booked   = count( $item['booked'] );
	$waiting  = count( $item['waiting'] );
	$capacity = $item['capacity'] ?? null;
	if ( null === $capacity ) {
		/* translators: %d: number of students booked. */
		$text = sprintf( _n( '%d booked', '%d booked', $booked, 'studio-data' ), $booked );
	} else {
		/* translators: 1: number of students booked, 2: the class's places. */
		$text = sprintf( __( '%1$d of %2$d booked', 'studio-data' ), $booked, $capacity );
		if ( $booked >= $capacity ) {
			/* translators: %s: "20 of 20 booked". */
			$text = sprintf( __( '%s, full', 'studio-data' ), $text );
		}
	}
	if ( $waiting > 0 ) {
		/* translators: 1: "12 booked", 2: number of students waiting. */
		$text = sprintf( _n( '%1$s, %2$d waiting', '%1$s, %2$d waiting', $waiting, 'studio-data' ), $text, $waiting );
	}
	return $text;
}

/**
 * One class, event or private lesson of a day, with its roster: booked, then waiting.
 *
 * @param array{id:string,title:string,kind:string,start:string,end:string,room:string,capacity:?int,booked:list<array<string,mixed>>,waiting:list<array<string,mixed>>} $item
 */
function studio_data_render_roster( array $item, DateTimeZone $zone ): string {
	$when  = '' === $item['end'] ? studio_data_site_time( $item['start'] ) : studio_data_site_time( $item['start'] ) . '–' . studio_data_site_time( $item['end'] );
	$html  = '<section class="studio-data-roster-item" id="' . esc_attr( 'studio-data-' . sanitize_html_class( $item['id'] ) ) . '">';
	$html .= '<h3>' . esc_html( $when . ' ' . $item['title'] ) . '</h3>';
	$meta  = array_filter( array( $item['room'], studio_data_roster_counts( $item ) ) );
	$html .= '<p>' . esc_html( implode( ' · ', $meta ) ) . '</p>';
	if ( array() === $item['booked'] && array() === $item['waiting'] ) {
		return $html . '<p>' . esc_html__( 'No bookings yet.', 'studio-data' ) . '</p></section>';
	}
	if ( array() !== $item['booked'] ) {
		/* translators: %s: the class name and time. */
		$html .= studio_data_render_booking_table( $item['booked'], sprintf( __( 'Booked for %s', 'studio-data' ), $when . ' ' . $item['title'] ), $zone );
	}
	if ( array() !== $item['waiting'] ) {
		/* translators: %s: the class name and time. */
		$html .= studio_data_render_booking_table( $item['waiting'], sprintf( __( 'Waitlist of %s, first in line first', 'studio-data' ), $when . ' ' . $item['title'] ), $zone, false, true );
	}
	return $html . '</section>';
}
