<?php
/**
 * Removes everything the plugin stored: its settings, its cached answers (transients) and the
 * last good copies it keeps for when the API is down.
 *
 * @package StudioData
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

global $wpdb;

delete_option( 'studio_data_settings' );

// Cached answers and last good copies have generated names under the plugin's prefix.
$studio_data_like = array(
	$wpdb->esc_like( 'studio_data_' ) . '%',
	$wpdb->esc_like( '_transient_studio_data_' ) . '%',
	$wpdb->esc_like( '_transient_timeout_studio_data_' ) . '%',
);
foreach ( $studio_data_like as $studio_data_pattern ) {
	// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- no API deletes options by prefix.
	$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $studio_data_pattern ) );
}
wp_cache_flush();
