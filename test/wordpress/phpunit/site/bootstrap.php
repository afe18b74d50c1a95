<?php
/**
 * Loads the real WordPress of a test site (no mocks): its wp-load.php, with the plugin active and
 * configured by the harness. phpunit includes this file from inside a method, so the globals
 * WordPress creates at file scope are declared global first.
 */
$studio_data_tree = getenv( 'STUDIO_DATA_WP_TREE' );
if ( ! $studio_data_tree || ! getenv( 'STUDIO_DATA_WP_CONFIG' ) ) {
	fwrite( STDERR, "Run through test/wordpress (STUDIO_DATA_WP_TREE and STUDIO_DATA_WP_CONFIG name the test site).\n" );
	exit( 1 );
}
// phpcs:disable
global $wpdb, $wp, $wp_query, $wp_the_query, $wp_rewrite, $wp_locale, $wp_embed, $wp_widget_factory, $wp_roles,
	$shortcode_tags, $wp_version, $wp_db_version, $table_prefix, $wp_filter, $wp_actions, $wp_current_filter,
	$wp_plugin_paths, $pagenow, $allowedposttags, $allowedtags, $allowedentitynames, $wp_scripts, $wp_styles, $post,
	$current_user, $wp_theme_directories, $blog_id, $wp_textdomain_registry, $l10n, $wp_object_cache,
	$_wp_using_ext_object_cache, $timestart, $wp_rest_server, $wp_post_types, $wp_taxonomies, $wp_meta_keys,
	$wp_registered_settings, $new_allowed_options, $wp_settings_errors, $wp_local_package, $required_php_version,
	$required_mysql_version, $tinymce_version, $wp_styles, $wp_scripts, $wp_script_modules, $wp_post_statuses;
require $studio_data_tree . '/wp-load.php';
require __DIR__ . '/StudioDataTestCase.php';
