<?php
/**
 * The bridge object: the PHP client on wp_remote_get, with caching and a last good copy.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\Client;
use StudioData\Client\InvalidArgument;
use StudioData\WordPress\Bridge;
use StudioData\WordPress\PageBudget;
use StudioData\WordPress\WpTransport;

/**
 * The shared bridge, built from the settings. One method per endpoint (studioProfile, instructors,
 * userProfile, classes, classesByType, events, packages, privateLessonInstructors,
 * privateLessonQuestions, classById, privateLessonSlots: client/EndpointMethods.php), each
 * returning decoded, sanitized data or throwing an ApiError.
 *
 * @throws InvalidArgument When no API base URL is configured.
 */
function studio_data_bridge(): Bridge {
	static $bridges = array();
	$settings = studio_data_get_settings();
	$key      = $settings['api_base_url'] . '|' . $settings['cache_ttl'];
	if ( ! isset( $bridges[ $key ] ) ) {
		if ( '' === $settings['api_base_url'] ) {
			throw new InvalidArgument( __( 'The Studio Data API address is not set yet.', 'studio-data' ), 'not_configured' );
		}
		/**
		 * Seconds to wait for the API before serving the last good copy. Keep it short: a page waits that long.
		 *
		 * @param float $timeout Default 3.
		 */
		$timeout = (float) apply_filters( 'studio_data_http_timeout', 3.0 );
		/**
		 * Seconds a failed answer is remembered, so a failing API is not asked on every page view.
		 *
		 * @param int $error_ttl Default 30.
		 */
		$error_ttl         = (int) apply_filters( 'studio_data_error_ttl', 30 );
		$budget          = studio_data_page_budget();
		$transport       = new WpTransport( $timeout, WpTransport::MAX_RESPONSE_BYTES, $budget );
		$bridges[ $key ] = new Bridge( new Client( $settings['api_base_url'], $transport ), $settings['cache_ttl'], max( 1, $error_ttl ), $budget );
	}
	return $bridges[ $key ];
}

/**
 * This page view's time for the API, all calls together (one PHP request is one view; REST calls
 * of the week navigation are views of their own).
 */
function studio_data_page_budget(): PageBudget {
	static $budget = null;
	if ( null === $budget ) {
		/**
		 * Seconds one page view may wait for the API, all calls together; after a call that failed
		 * without an answer the view makes no other. Keep it near studio_data_http_timeout.
		 *
		 * @param float $seconds Default 3.
		 */
		$budget = new PageBudget( max( 0.1, (float) apply_filters( 'studio_data_page_api_budget', 3.0 ) ) );
	}
	return $budget;
}

/** Forgets cached answers (fresh copies, remembered errors, the outage); last good copies are kept. */
function studio_data_flush_cache(): void {
	Bridge::flushFresh();
}
