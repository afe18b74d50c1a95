<?php
/**
 * Shortcodes for classic themes and page builders. Each is its block's twin: it takes the block's
 * attributes, named as the renderer's arguments (`dance_types` for `danceTypes`), with the block's
 * defaults, both read from the block's block.json, and calls the renderer the block uses. List
 * attributes are comma-separated ("Salsa,Bachata"). Values are checked against block.json first
 * (shortcode-attributes.php): what it cannot take is left out, and said to editors.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * Shortcode tag => its renderer, its block (folder), the block attributes it leaves out, and the
 * attributes only the shortcode has, with their defaults.
 *
 * @return array<string,array{renderer:string,block:string,leaves_out:list<string>,own:array<string,string>}>
 */
function studio_data_shortcode_blocks(): array {
	$twin = static fn ( string $renderer, string $block, array $leaves_out = array(), array $own = array() ): array => array(
		'renderer'   => $renderer,
		'block'      => $block,
		'leaves_out' => $leaves_out,
		'own'        => $own,
	);
	return array(
		// The page's filters and week links are the block's; the shortcode shows one window, from any day.
		'studio_data_schedule'        => $twin( 'studio_data_render_schedule', 'class-schedule', array( 'showFilters' ), array( 'from' => '', 'descriptions' => 'false' ) ),
		'studio_data_events'          => $twin( 'studio_data_render_events', 'events', array(), array( 'from' => '', 'descriptions' => 'true' ) ),
		'studio_data_next_classes'    => $twin( 'studio_data_render_next_classes', 'next-classes' ),
		'studio_data_instructors'     => $twin( 'studio_data_render_instructors', 'instructors' ),
		'studio_data_private_lessons' => $twin( 'studio_data_render_private_lessons', 'private-lessons' ),
		'studio_data_studio'          => $twin( 'studio_data_render_studio_info', 'studio-info' ),
		'studio_data_packages'        => $twin( 'studio_data_render_packages', 'packages' ),
		// A booking page belongs to the checkout, whichever studio: the shortcode never named one.
		'studio_data_book_button'     => $twin( 'studio_data_render_book_button', 'book-button', array( 'studioId' ) ),
		'studio_data_user_profile'    => $twin( 'studio_data_render_user_profile', 'user-profile' ),
	);
}

/**
 * A shortcode's attributes with their defaults as shortcode text: the block's (from its block.json;
 * lists comma-separated, booleans "true"/"false") and its own. An empty default means "the
 * renderer's own default" (usually the settings).
 *
 * @param array{block:string,leaves_out:list<string>,own:array<string,string>} $shortcode
 * @return array<string,string>
 */
function studio_data_shortcode_defaults( array $shortcode ): array {
	$defaults = array();
	foreach ( array_diff_key( studio_data_block_attribute_schemas( $shortcode['block'] ), array_flip( $shortcode['leaves_out'] ) ) as $attribute => $schema ) {
		$default = $schema['default'] ?? '';
		$defaults[ studio_data_arg_name( $attribute ) ] = match ( true ) {
			is_bool( $default )  => $default ? 'true' : 'false',
			is_array( $default ) => implode( ',', $default ),
			default              => (string) $default,
		};
	}
	return $defaults + $shortcode['own'];
}

function studio_data_register_shortcodes(): void {
	foreach ( studio_data_shortcode_blocks() as $tag => $shortcode ) {
		if ( ! is_callable( $shortcode['renderer'] ) ) {
			continue; // Its block's PHP is not built (npm run build:blocks).
		}
		$renderer = $shortcode['renderer'];
		$block    = $shortcode['block'];
		$defaults = studio_data_shortcode_defaults( $shortcode );
		add_shortcode(
			$tag,
			static function ( $atts ) use ( $tag, $renderer, $block, $defaults ): string {
				$checked = studio_data_check_shortcode_attributes( $block, is_array( $atts ) ? $atts : array(), $defaults );
				$args    = shortcode_atts( $defaults, $checked['attributes'], $tag );
				studio_data_note_requested_studio( $args['studio'] ?? null );
				// Unset attributes fall back to the renderer's defaults (settings), not to empty values.
				$args = array_filter( $args, static fn ( $value ) => '' !== $value );
				// Counted with its block's kind: a second events calendar, shortcode or block, pages
				// through its own months (studio_data_month_2) and numbers its landmarks apart.
				$args['number'] = studio_data_count_block( $block );
				return studio_data_shortcode_note( $tag, $checked['problems'] ) . $renderer( $args );
			}
		);
	}
}
