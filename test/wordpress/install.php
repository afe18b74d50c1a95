<?php
/**
 * Installs a test site without a browser: wp_install(), pretty permalinks, the plugin activated and
 * configured. Usage: php install.php TREE ADMIN_PASSWORD SETTINGS_JSON (STUDIO_DATA_WP_CONFIG set).
 */
[ , $tree, $password, $settings_json ] = $argv;

define( 'WP_INSTALLING', true );
// There is no mail server; the installer mails the admin.
function wp_mail() {
	return true;
}
require $tree . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$result = wp_install( 'Studio Data Test Site', 'admin', 'admin@example.com', true, '', wp_slash( $password ) );
if ( empty( $result['user_id'] ) ) {
	fwrite( STDERR, "wp_install failed\n" );
	exit( 1 );
}
update_option( 'permalink_structure', '/%postname%/' );
// As the fixture studios' Madrid site writes dates and times; tests of other formats set their own.
update_option( 'date_format', 'j F Y' );
update_option( 'time_format', 'H:i' );
$activated = activate_plugin( 'studio-data/studio-data.php' );
if ( is_wp_error( $activated ) ) {
	fwrite( STDERR, 'activate_plugin failed: ' . $activated->get_error_message() . "\n" );
	exit( 1 );
}
update_option( 'studio_data_settings', json_decode( $settings_json, true ) );
flush_rewrite_rules( true );
echo "installed\n";
