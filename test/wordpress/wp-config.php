<?php
/**
 * wp-config.php of the cached WordPress trees (copied there by the harness). Each test site has its
 * own settings file (database, URL, debug log), named by STUDIO_DATA_WP_CONFIG in the environment of
 * its PHP server and of the PHP processes the tests run, so one tree serves many sites at once.
 */
$studio_data_site_config = getenv( 'STUDIO_DATA_WP_CONFIG' );
if ( ! $studio_data_site_config || ! is_file( $studio_data_site_config ) ) {
	http_response_code( 500 );
	exit( "This WordPress tree belongs to the Studio Data tests: STUDIO_DATA_WP_CONFIG names no site.\n" );
}
require $studio_data_site_config;

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
