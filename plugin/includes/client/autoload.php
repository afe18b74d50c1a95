<?php
/**
 * Autoloader for the plugin's classes, usable with or without WordPress:
 * StudioData\Client\Foo    → includes/client/Foo.php    (plain PHP, no WordPress calls)
 * StudioData\WordPress\Foo → includes/wordpress/Foo.php (the WordPress bridge)
 *
 * Outside WordPress: require this file, then use StudioData\Client\Client.
 */

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

spl_autoload_register(
	static function ( string $class_name ): void {
		$folders = array(
			'StudioData\\Client\\'    => __DIR__,
			'StudioData\\WordPress\\' => dirname( __DIR__ ) . '/wordpress',
		);
		foreach ( $folders as $prefix => $folder ) {
			if ( str_starts_with( $class_name, $prefix ) ) {
				$relative = substr( $class_name, strlen( $prefix ) );
				if ( preg_match( '/^[A-Za-z0-9]+$/', $relative ) ) {
					$file = $folder . '/' . $relative . '.php';
					if ( is_file( $file ) ) {
						require_once $file;
					}
				}
				return;
			}
		}
	}
);
