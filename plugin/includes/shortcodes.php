<?php
/**
 * Shortcodes for classic themes and page builders. Each maps its attributes onto the shared renderer
 * the blocks use; list attributes are comma-separated ("Salsa,Bachata").
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * Shortcode tag => [renderer, accepted attributes with their defaults]. An empty default means
 * "the renderer's own default" (usually the settings).
 *
 * @return array<string,array{0:callable,1:array<string,string>}>
 */
function studio_data_shortcodes(): array {
	// Shortcodes usually sit right under the page's title: their headings start at h2.
	$common = array(
		'studio'        => '',
		'locale'        => '',
		'heading_level' => '2',
	);
	return array(
		'studio_data_schedule'        => array( 'studio_data_render_schedule', $common + array( 'from' => '', 'dance_types' => '', 'levels' => '', 'instructors' => '', 'days' => '', 'layout' => 'list', 'show_past' => 'false', 'descriptions' => 'false' ) ),
		'studio_data_events'          => array( 'studio_data_render_events', $common + array( 'from' => '', 'weeks' => '4', 'layout' => 'list', 'descriptions' => 'true' ) ),
		'studio_data_instructors'     => array( 'studio_data_render_instructors', $common + array( 'ids' => '', 'columns' => '3' ) ),
		'studio_data_private_lessons' => array( 'studio_data_render_private_lessons', $common + array( 'ids' => '' ) ),
		'studio_data_studio'          => array( 'studio_data_render_studio_info', $common + array( 'parts' => '' ) ),
		'studio_data_packages'        => array( 'studio_data_render_packages', $common + array( 'ids' => '' ) ),
		'studio_data_book_button'     => array( 'studio_data_render_book_button', array( 'locale' => '', 'kind' => 'class', 'target' => '', 'label' => '' ) ),
		'studio_data_user_profile'    => array( 'studio_data_render_user_profile', array( 'locale' => '', 'user' => '', 'heading_level' => '2' ) ),
	);
}

function studio_data_register_shortcodes(): void {
	foreach ( studio_data_shortcodes() as $tag => [ $renderer, $defaults ] ) {
		if ( ! is_callable( $renderer ) ) {
			continue; // Its block's PHP is not built (npm run build:blocks).
		}
		add_shortcode(
			$tag,
			static function ( $atts ) use ( $tag, $renderer, $defaults ): string {
				$args = shortcode_atts( $defaults, is_array( $atts ) ? $atts : array(), $tag );
				studio_data_note_requested_studio( $args['studio'] ?? null );
				// Unset attributes fall back to the renderer's defaults (settings), not to empty values.
				return $renderer( array_filter( $args, static fn ( $value ) => '' !== $value ) );
			}
		);
	}
}
