<?php
/**
 * WordPress 6.5 lacks the `react-jsx-runtime` script that blocks built by @wordpress/scripts 28+
 * depend on (6.6 registers it): without it, 6.5 silently leaves the blocks' editor scripts out.
 * This registers a small stand-in that maps the automatic JSX runtime onto window.React.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

function studio_data_register_react_jsx_runtime(): void {
	if ( wp_script_is( 'react-jsx-runtime', 'registered' ) ) {
		return;
	}
	wp_register_script(
		'react-jsx-runtime',
		plugins_url( 'react-jsx-runtime.js', __FILE__ ),
		array( 'react' ),
		STUDIO_DATA_VERSION,
		true
	);
}
