<?php
/**
 * The small stylesheet the renderers share (enqueued by a renderer when it is used).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

function studio_data_register_assets(): void {
	wp_register_style( 'studio-data', STUDIO_DATA_URL . 'assets/studio-data.css', array(), STUDIO_DATA_VERSION );
}
