<?php
/**
 * Removes everything the plugin stored: its settings, its cached answers (transients) and the
 * last good copies it keeps for when the API is down, on every site of a network.
 *
 * The shared object cache is not flushed as a whole (other plugins and sites use it): the options
 * removed are dropped from it one by one. Transients kept only in a persistent object cache cannot be
 * listed; they expire on their own (fresh copies after cache_ttl, remembered errors after 30 s, dated
 * last good copies a week after their window).
 *
 * @package StudioData
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

/** Removes the plugin's rows from the current site's options table and from the object cache. */
function studio_data_uninstall_site(): void {
	global $wpdb;
	delete_option( 'studio_data_settings' );

	// Cached answers and last good copies have generated names under the plugin's prefix.
	$patterns = array(
		$wpdb->esc_like( 'studio_data_' ) . '%',
		$wpdb->esc_like( '_transient_studio_data_' ) . '%',
		$wpdb->esc_like( '_transient_timeout_studio_data_' ) . '%',
	);
	foreach ( $patterns as $pattern ) {
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- no API lists or deletes options by prefix.
		$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $pattern ) );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- no API deletes options by prefix.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->options} WHERE option_name LIKE %s", $pattern ) );
		foreach ( $names as $name ) {
			wp_cache_delete( $name, 'options' );
		}
	}
	wp_cache_delete( 'alloptions', 'options' );
	wp_cache_delete( 'notoptions', 'options' );
	// The API's outage state, where a persistent object cache holds it (includes/wordpress/ObjectCacheSlots.php).
	wp_cache_delete( 'studio_data_api_down', 'studio_data_shared' );
	wp_cache_delete( 'studio_data_api_call', 'studio_data_shared' );
}

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $studio_data_site_id ) {
		switch_to_blog( $studio_data_site_id );
		studio_data_uninstall_site();
		restore_current_blog();
	}
} else {
	studio_data_uninstall_site();
}
