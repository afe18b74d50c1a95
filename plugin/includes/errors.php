<?php
/**
 * API errors in plain words, for site owners (settings page, editors) and for REST answers.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;

/** What went wrong, in words a site owner can act on. */
function studio_data_describe_error( ApiError $error ): string {
	switch ( $error->problemCode ) {
		case 'not_configured':
			return __( 'The Studio Data API address is not set yet. Enter it under Settings → Studio Data.', 'studio-data' );
		case 'invalid_base_url':
			return __( 'The Studio Data API address is not a valid http(s) address. Check it under Settings → Studio Data.', 'studio-data' );
		case 'missing_user_id':
			return __( 'No user ID was given for the profile.', 'studio-data' );
		case 'missing_studio_id':
			return __( 'No studio ID is set. Enter it under Settings → Studio Data.', 'studio-data' );
		case 'studio_not_found':
			return __( 'The API does not know this studio ID. Check the studio ID in Settings → Studio Data.', 'studio-data' );
		case 'user_not_found':
			return __( 'The API has no public profile for this person.', 'studio-data' );
		case 'dance_type_not_found':
			return __( 'The studio has no dance type with this name.', 'studio-data' );
		case 'invalid_from':
			return __( 'The start date is not a valid date.', 'studio-data' );
		case 'invalid_duration':
			return __( 'The instructor does not give private lessons of this length.', 'studio-data' );
		case 'class_not_found':
			return __( 'The studio lists no class or event with this ID.', 'studio-data' );
		case 'instructor_not_found':
			return __( 'The studio has no private lesson instructor with this ID.', 'studio-data' );
		case 'class_cancelled':
			return __( 'The studio has cancelled this class or event.', 'studio-data' );
		case 'not_found':
			return __( 'The API address seems wrong: the server answered "not found". Check the API base URL.', 'studio-data' );
		case 'timeout':
			return __( 'The API did not answer in time.', 'studio-data' );
		case 'network_error':
			if ( ! current_user_can( 'edit_posts' ) ) {
				// The network error names internal hosts and ports: only for people who run the site.
				return __( 'The API could not be reached.', 'studio-data' );
			}
			return studio_data_describe_network_error( $error->getMessage() );
		case 'no_studio_key':
			return __( 'No studio key is saved. Enter your studio\'s key under Settings → Studio Data → Studio API.', 'studio-data' );
		case 'invalid_studio_key':
		case 'unauthorized':
			return __( 'The studio key was refused: it is unknown or revoked. Enter a current key under Settings → Studio Data → Studio API.', 'studio-data' );
		case 'booking_not_found':
			return __( 'The studio has no booking with this reference.', 'studio-data' );
		case 'class_not_found':
			return __( 'The studio has no class or event with this ID.', 'studio-data' );
		case 'booking_started':
			return __( 'This class or lesson has already started, so the booking can no longer be cancelled.', 'studio-data' );
		case 'rate_limited':
			return __( 'The API is receiving too many requests from this site; it will answer again shortly.', 'studio-data' );
		case 'invalid_response':
			return __( 'The address answered, but not with Studio Data. Check the API base URL.', 'studio-data' );
		default:
			if ( 404 === $error->status || 410 === $error->status ) {
				// A "not found" without the API's problem details: the address is not the Studio Data server's.
				return __( 'The API address seems wrong: the server answered "not found". Check the API base URL.', 'studio-data' );
			}
			if ( str_starts_with( $error->problemCode, 'http_' ) ) {
				// No problem details, so no explanation to add: the status alone, said once.
				/* translators: %d: HTTP status. */
				return sprintf( __( 'The API answered with an error (status %d). Try again later; if it lasts, tell the Studio Data server\'s operator.', 'studio-data' ), $error->status );
			}
			/* translators: 1: HTTP status, 2: the API's explanation. */
			return sprintf( __( 'The API answered with an error (%1$d): %2$s', 'studio-data' ), $error->status, $error->getMessage() );
	}
}

/**
 * A network error (as WordPress's HTTP API reports it: "cURL error 7: Failed to connect to …") in
 * words a site owner can act on, naming the address they configured rather than cURL's jargon.
 */
function studio_data_describe_network_error( string $raw ): string {
	$parts   = wp_parse_url( studio_data_get_settings()['api_base_url'] );
	$address = is_array( $parts ) && isset( $parts['host'] ) ? $parts['host'] . ( isset( $parts['port'] ) ? ':' . $parts['port'] : '' ) : __( 'the API address', 'studio-data' );
	if ( preg_match( '/cURL error 6\b|resolve host|getaddrinfo|name or service not known/i', $raw ) ) {
		/* translators: %s: the API's host name. */
		return sprintf( __( 'The API could not be reached: the server name %s was not found. Check the API base URL for a typing mistake.', 'studio-data' ), $address );
	}
	if ( preg_match( '/cURL error 7\b|connection refused|failed to connect|couldn\'t connect/i', $raw ) ) {
		/* translators: %s: the API's host and port. */
		return sprintf( __( 'The API could not be reached: nothing answers at %s (the connection was refused). Check the API base URL, and that the Studio Data server is running.', 'studio-data' ), $address );
	}
	if ( preg_match( '/wrong version number|packet length too long|record layer failure/i', $raw ) ) {
		// An https:// address of a server that answers plain HTTP: TLS meets an HTTP answer, not a certificate.
		/* translators: %s: the API's host and port. */
		return sprintf( __( 'The API could not be reached: %s does not answer secure (HTTPS) connections. If the Studio Data server is served over plain HTTP (on your own network only), use an http:// address; otherwise ask its operator to set up HTTPS.', 'studio-data' ), $address );
	}
	if ( preg_match( '/cURL error (35|51|58|60)\b|SSL|certificate/i', $raw ) ) {
		/* translators: %s: the API's host. */
		return sprintf( __( 'The API could not be reached: the secure (HTTPS) connection to %s failed, as its certificate was not accepted. Ask the Studio Data server\'s operator to check it.', 'studio-data' ), $address );
	}
	if ( preg_match( '/blocked requests through HTTP/i', $raw ) ) {
		/* translators: %s: the API's host. */
		return sprintf( __( 'The API could not be reached: this site blocks requests to other servers (WP_HTTP_BLOCK_EXTERNAL in wp-config.php). Add %s to WP_ACCESSIBLE_HOSTS there.', 'studio-data' ), $address );
	}
	/* translators: %s: the API's host and port. */
	return sprintf( __( 'The API could not be reached at %s. Check the API base URL, and try again in a moment.', 'studio-data' ), $address );
}

/** The REST status for an API error: 404 and 400 pass through, anything else is 503. */
function studio_data_error_to_wp_error( ApiError $error ): WP_Error {
	$status = in_array( $error->status, array( 400, 404 ), true ) ? $error->status : 503;
	if ( 'not_configured' === $error->problemCode || 'missing_studio_id' === $error->problemCode ) {
		$status = 503;
	}
	return new WP_Error( 'studio_data_' . $error->problemCode, studio_data_describe_error( $error ), array( 'status' => $status ) );
}
