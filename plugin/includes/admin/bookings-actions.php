<?php
/**
 * The Bookings screen's actions, each a POST to admin-post.php with its nonce and checked for
 * manage_options: cancelling a booking, and downloading the bookings as CSV.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;

add_action( 'admin_post_studio_data_cancel_booking', 'studio_data_handle_cancel_booking' );
add_action( 'admin_post_studio_data_bookings_csv', 'studio_data_handle_bookings_csv' );

function studio_data_require_bookings_capability(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'You are not allowed to manage the studio\'s bookings.', 'studio-data' ), '', array( 'response' => 403 ) );
	}
}

function studio_data_handle_cancel_booking(): void {
	studio_data_require_bookings_capability();
	$reference = isset( $_POST['reference'] ) ? sanitize_text_field( wp_unslash( $_POST['reference'] ) ) : '';
	check_admin_referer( 'studio_data_cancel_booking_' . $reference );
	try {
		$result  = studio_data_studio_client()->cancel( $reference );
		$name    = studio_data_guest_name( $result['booking'] );
		$message = $result['changed']
			/* translators: 1: booking reference, 2: the student's name. */
			? sprintf( __( 'Booking %1$s of %2$s is cancelled. The student has been emailed.', 'studio-data' ), $reference, $name )
			/* translators: 1: booking reference, 2: the student's name. */
			: sprintf( __( 'Booking %1$s of %2$s was already cancelled.', 'studio-data' ), $reference, $name );
		studio_data_bookings_notice( true, $message );
	} catch ( ApiError $error ) {
		studio_data_bookings_notice( false, studio_data_describe_error( $error ) );
	}
	wp_safe_redirect( studio_data_bookings_url() );
	exit;
}

/**
 * The bookings of the chosen dates as the API's CSV (RFC 4180, formula-like cells neutralised by the
 * API), behind a UTF-8 byte-order mark: without it Excel, where an owner opens the file, reads it in
 * the machine's legacy code page and shows "Núria" as "NÃºria".
 */
function studio_data_handle_bookings_csv(): void {
	studio_data_require_bookings_capability();
	check_admin_referer( 'studio_data_bookings_csv' );
	$date = static function ( string $name ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- checked above.
		$value = isset( $_POST[ $name ] ) ? sanitize_text_field( wp_unslash( $_POST[ $name ] ) ) : '';
		return preg_match( '/^\d{4}-\d{2}-\d{2}$/', $value ) ? $value : '';
	};
	$from = $date( 'from' );
	$to   = $date( 'to' );
	try {
		$csv = studio_data_studio_client()->bookingsCsv(
			array(
				'from' => $from,
				'to'   => $to,
			)
		);
	} catch ( ApiError $error ) {
		studio_data_bookings_notice( false, studio_data_describe_error( $error ) );
		wp_safe_redirect( studio_data_bookings_url() );
		exit;
	}
	$file = 'bookings-' . sanitize_file_name( studio_data_get_settings()['studio_id'] ) . ( '' === $from ? '' : '-' . $from ) . '.csv';
	nocache_headers();
	header( 'Content-Type: text/csv; charset=utf-8' );
	header( 'Content-Disposition: attachment; filename="' . $file . '"' );
	header( 'X-Content-Type-Options: nosniff' );
	echo "\xEF\xBB\xBF" . $csv; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a CSV file download, not HTML.
	exit;
}

/** Remembers what an action did, for the next view of the screen (this user's only). */
function studio_data_bookings_notice( bool $ok, string $message ): void {
	set_transient(
		'studio_data_bookings_notice_' . get_current_user_id(),
		array(
			'ok'      => $ok,
			'message' => $message,
		),
		MINUTE_IN_SECONDS
	);
}
