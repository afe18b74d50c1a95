<?php
/**
 * The blocks' editor scripts in the site's language: their JSON translations ship in languages/
 * (studio-data-LOCALE-MD5.json, made by plugin/bin/make-translations.mjs). WordPress registers each
 * block's editor script with its text domain but looks for the files in wp-content/languages/plugins
 * only; this names the plugin's own folder, looked in first.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

// After the blocks are registered (init, 10).
add_action( 'init', 'studio_data_set_script_translations', 20 );

function studio_data_set_script_translations(): void {
	foreach ( WP_Block_Type_Registry::get_instance()->get_all_registered() as $name => $block_type ) {
		if ( ! str_starts_with( $name, 'studio-data/' ) ) {
			continue;
		}
		foreach ( $block_type->editor_script_handles as $handle ) {
			wp_set_script_translations( $handle, 'studio-data', STUDIO_DATA_DIR . 'languages' );
		}
	}
}
