<?php
/**
 * The "Bookings" admin screen (manage_options): the studio's classes and events of today and the
 * coming days with who is booked and who waits, a search by name or reference, the CSV download,
 * and cancelling a booking after a confirmation step. The data comes from the studio API, with the
 * key saved in Settings → Studio Data, on the server: the browser never sees the key.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;

add_action( 'admin_menu', 'studio_data_add_bookings_page' );

/** How many days the screen shows, today included. */
const STUDIO_DATA_BOOKINGS_DAYS = 7;
/** Bookings a search shows at a time; "More" shows the next ones. */
const STUDIO_DATA_SEARCH_PAGE_SIZE = 50;
/** The longest search the API takes, in characters. */
const STUDIO_DATA_SEARCH_MAX_LENGTH = 100;

function studio_data_add_bookings_page(): void {
	add_menu_page( __( 'Bookings', 'studio-data' ), __( 'Bookings', 'studio-data' ), 'manage_options', STUDIO_DATA_BOOKINGS_PAGE, 'studio_data_render_bookings_page', 'dashicons-groups', 26 );
}

function studio_data_render_bookings_page(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap studio-data-bookings"><h1>' . esc_html__( 'Bookings', 'studio-data' ) . '</h1>';
	studio_data_render_bookings_notice();
	// phpcs:disable WordPress.Security.NonceVerification.Recommended -- reading which view to show; every change is a POST with a nonce.
	$cancel = isset( $_GET['cancel'] ) ? sanitize_text_field( wp_unslash( $_GET['cancel'] ) ) : '';
	$search = isset( $_GET['s'] ) ? mb_substr( trim( sanitize_text_field( wp_unslash( $_GET['s'] ) ) ), 0, STUDIO_DATA_SEARCH_MAX_LENGTH ) : '';
	$cursor = isset( $_GET['cursor'] ) ? sanitize_text_field( wp_unslash( $_GET['cursor'] ) ) : '';
	// phpcs:enable
	try {
		if ( '' !== $cancel ) {
			studio_data_render_cancel_step( $cancel );
		} else {
			studio_data_render_bookings_tools( $search );
			'' === $search ? studio_data_render_bookings_days() : studio_data_render_bookings_search( $search, $cursor );
		}
	} catch ( ApiError $error ) {
		echo '<div class="notice notice-error"><p>' . esc_html( studio_data_describe_error( $error ) ) . '</p></div>';
	}
	echo '</div>';
}

/** The search form and the CSV download form. */
function studio_data_render_bookings_tools( string $search ): void {
	echo '<form method="get" action="' . esc_url( admin_url( 'admin.php' ) ) . '" class="studio-data-search" role="search">';
	echo '<input type="hidden" name="page" value="' . esc_attr( STUDIO_DATA_BOOKINGS_PAGE ) . '">';
	echo '<p><label for="studio-data-search">' . esc_html__( 'Search by name, email or reference', 'studio-data' ) . '</label> ';
	echo '<input type="search" id="studio-data-search" name="s" value="' . esc_attr( $search ) . '" maxlength="' . esc_attr( (string) STUDIO_DATA_SEARCH_MAX_LENGTH ) . '"> ';
	submit_button( __( 'Search', 'studio-data' ), 'secondary', '', false );
	echo '</p></form>';

	// The download's dates are the studio's: from today there, for a month.
	$zone  = studio_data_timezone( studio_data_bridge()->studioProfile( studio_data_get_settings()['studio_id'] ) );
	$today = studio_data_today( $zone );
	echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" class="studio-data-csv">';
	echo '<input type="hidden" name="action" value="studio_data_bookings_csv">';
	wp_nonce_field( 'studio_data_bookings_csv' );
	echo '<p><label for="studio-data-csv-from">' . esc_html__( 'Bookings starting from', 'studio-data' ) . '</label> ';
	echo '<input type="date" id="studio-data-csv-from" name="from" value="' . esc_attr( $today->format( 'Y-m-d' ) ) . '"> ';
	echo '<label for="studio-data-csv-to">' . esc_html__( 'until (not included)', 'studio-data' ) . '</label> ';
	echo '<input type="date" id="studio-data-csv-to" name="to" value="' . esc_attr( $today->modify( '+30 days' )->format( 'Y-m-d' ) ) . '"> ';
	submit_button( __( 'Download CSV', 'studio-data' ), 'secondary', '', false );
	echo '</p></form>';
}

/** Today and the coming days, each class and event with its roster. */
function studio_data_render_bookings_days(): void {
	$week = studio_data_studio_days( STUDIO_DATA_BOOKINGS_DAYS );
	if ( array() === $week['days'] ) {
		echo '<p>' . esc_html__( 'Nothing is scheduled in the coming days.', 'studio-data' ) . '</p>';
		return;
	}
	foreach ( $week['days'] as $date => $items ) {
		$label = studio_data_day_label( $date, $week['zone'] );
		echo '<h2>' . esc_html( $date === $week['today'] ? sprintf( /* translators: %s: the date. */ __( 'Today, %s', 'studio-data' ), $label ) : $label ) . '</h2>';
		foreach ( $items as $item ) {
			echo studio_data_render_roster( $item, $week['zone'] ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped piece by piece in studio_data_render_roster().
		}
	}
}

/**
 * The bookings the API finds for a name, an email or a reference (its `q`: any case, accents or
 * not, among all the studio's bookings), newest change first, a page at a time: "More" follows the
 * API's cursor.
 *
 * @param string $cursor    The `next` of the page before ('' for the first).
 * @param int    $page_size Bookings a page.
 */
function studio_data_render_bookings_search( string $search, string $cursor, int $page_size = STUDIO_DATA_SEARCH_PAGE_SIZE ): void {
	$zone = studio_data_timezone( studio_data_bridge()->studioProfile( studio_data_get_settings()['studio_id'] ) );
	$page = studio_data_studio_client()->bookings(
		array(
			'q'      => $search,
			'limit'  => $page_size,
			// The API's cursors are base64url; anything else is no cursor (the first page).
			'cursor' => preg_match( '/^[A-Za-z0-9_-]{1,200}$/', $cursor ) ? $cursor : '',
		)
	);
	/* translators: %s: what was searched for. */
	echo '<h2>' . esc_html( sprintf( __( 'Bookings matching “%s”', 'studio-data' ), $search ) ) . '</h2>';
	echo '<p><a href="' . esc_url( studio_data_bookings_url() ) . '">' . esc_html__( 'Back to the coming days', 'studio-data' ) . '</a></p>';
	if ( array() === $page['bookings'] ) {
		echo '<p>' . esc_html( '' === $cursor ? __( 'No booking matches.', 'studio-data' ) : __( 'No more bookings match.', 'studio-data' ) ) . '</p>';
		return;
	}
	echo studio_data_render_booking_table( $page['bookings'], __( 'Bookings found, the latest changed first', 'studio-data' ), $zone, true ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped piece by piece.
	if ( null !== $page['next'] ) {
		$more = studio_data_bookings_url(
			array(
				's'      => rawurlencode( $search ),
				'cursor' => $page['next'],
			)
		);
		echo '<p><a href="' . esc_url( $more ) . '">' . esc_html__( 'More bookings', 'studio-data' ) . '</a></p>';
	}
}

/** The confirmation step before cancelling: what will be cancelled, and a POST form with its nonce. */
function studio_data_render_cancel_step( string $reference ): void {
	$booking = studio_data_studio_client()->booking( $reference );
	$zone    = studio_data_timezone( studio_data_bridge()->studioProfile( studio_data_get_settings()['studio_id'] ) );
	$start   = (string) ( $booking['start'] ?? '' );
	// A place on the waitlist holds no seat: taking it away frees none, and the students behind move up.
	$waiting = 'waiting' === ( $booking['status'] ?? '' );
	echo '<h2>' . esc_html( $waiting ? __( 'Take this student off the waitlist?', 'studio-data' ) : __( 'Cancel this booking?', 'studio-data' ) ) . '</h2>';
	echo '<dl class="studio-data-booking">';
	$rows = array(
		__( 'Student', 'studio-data' )   => studio_data_guest_name( $booking ) . ' <' . (string) ( $booking['guest']['email'] ?? '' ) . '>',
		__( 'What', 'studio-data' )      => (string) ( $booking['title'] ?? '' ),
		__( 'When', 'studio-data' )      => studio_data_day_label( studio_data_local_date( $start, $zone ), $zone ) . ' ' . studio_data_site_time( studio_data_local_time( $start, $zone ) ),
		__( 'Status', 'studio-data' )    => studio_data_booking_status( $booking ),
		__( 'Reference', 'studio-data' ) => (string) ( $booking['reference'] ?? '' ),
	);
	foreach ( $rows as $term => $value ) {
		echo '<dt>' . esc_html( $term ) . '</dt><dd>' . esc_html( $value ) . '</dd>';
	}
	echo '</dl>';
	if ( 'cancelled' === ( $booking['status'] ?? '' ) ) {
		echo '<p>' . esc_html__( 'This booking is already cancelled.', 'studio-data' ) . ' <a href="' . esc_url( studio_data_bookings_url() ) . '">' . esc_html__( 'Back to the bookings', 'studio-data' ) . '</a></p>';
		return;
	}
	$consequence = $waiting
		? __( 'The student is emailed that the studio took them off the waitlist, and those behind them move up one place. This cannot be undone.', 'studio-data' )
		: __( 'The student is emailed that the studio cancelled the booking, and the place goes to the first student waiting. This cannot be undone.', 'studio-data' );
	echo '<p>' . esc_html( $consequence ) . '</p>';
	echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
	echo '<input type="hidden" name="action" value="studio_data_cancel_booking">';
	echo '<input type="hidden" name="reference" value="' . esc_attr( (string) $booking['reference'] ) . '">';
	wp_nonce_field( 'studio_data_cancel_booking_' . (string) $booking['reference'] );
	submit_button( $waiting ? __( 'Yes, take them off the waitlist', 'studio-data' ) : __( 'Yes, cancel this booking', 'studio-data' ), 'primary', 'submit', false );
	echo ' <a class="button" href="' . esc_url( studio_data_bookings_url() ) . '">' . esc_html__( 'No, keep it', 'studio-data' ) . '</a>';
	echo '</form>';
}

/** What the last action did (cancelled, or why not), once. */
function studio_data_render_bookings_notice(): void {
	$key    = 'studio_data_bookings_notice_' . get_current_user_id();
	$notice = get_transient( $key );
	if ( ! is_array( $notice ) ) {
		return;
	}
	delete_transient( $key );
	printf( '<div class="notice %1$s" role="status"><p>%2$s</p></div>', $notice['ok'] ? 'notice-success' : 'notice-error', esc_html( (string) $notice['message'] ) );
}
