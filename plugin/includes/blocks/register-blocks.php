<?php
/**
 * The Gutenberg blocks: registered from their built block.json files in plugin/build/ (made by
 * `npm run build:blocks` from blocks/), with what the editor and the front end need around them.
 * Each block's folder holds its own PHP beside its block.json, copied to build/ by the build and
 * loaded here: its renderer (which its shortcode shares) and what it alone needs (JSON-LD; for the
 * schedule also its tools and week route). One render callback, as Gutenberg's own blocks register
 * theirs, puts each block's renderer output in the block's wrapper.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/block-attributes.php';
require_once __DIR__ . '/react-jsx-runtime.php';
require_once __DIR__ . '/script-translations.php';
require_once __DIR__ . '/inserter.php';

const STUDIO_DATA_BLOCKS_BUILD_DIR = STUDIO_DATA_DIR . 'build';

foreach ( glob( STUDIO_DATA_BLOCKS_BUILD_DIR . '/*/*.php' ) ?: array() as $studio_data_block_php ) {
	// Not the build's *.asset.php (script dependencies).
	if ( ! str_ends_with( $studio_data_block_php, '.asset.php' ) ) {
		require_once $studio_data_block_php;
	}
}
unset( $studio_data_block_php );

// The shim must exist before the blocks' editor scripts are registered with it as a dependency.
add_action( 'init', 'studio_data_register_react_jsx_runtime', 5 );
add_action( 'init', 'studio_data_register_block_styles', 5 );
add_action( 'init', 'studio_data_register_blocks' );
add_action( 'enqueue_block_editor_assets', 'studio_data_print_block_editor_settings' );

/** Registers every built block; without a build (a checkout without `npm run build:blocks`) there are none. */
function studio_data_register_blocks(): void {
	foreach ( glob( STUDIO_DATA_BLOCKS_BUILD_DIR . '/*/block.json' ) ?: array() as $metadata_file ) {
		register_block_type( dirname( $metadata_file ), array( 'render_callback' => 'studio_data_render_block' ) );
	}
}

/**
 * What each block shows inside its wrapper, given its renderer arguments: its renderer (shared with
 * its shortcode), then its JSON-LD where it has one. The schedule is not here: its block adds filters
 * and week navigation read from the attributes (studio_data_render_schedule_block()).
 */
const STUDIO_DATA_BLOCK_PARTS = array(
	'book-button'     => array( 'studio_data_render_book_button' ),
	'events'          => array( 'studio_data_render_events', 'studio_data_events_json_ld' ),
	'instructors'     => array( 'studio_data_render_instructors' ),
	'next-classes'    => array( 'studio_data_render_next_classes' ),
	'packages'        => array( 'studio_data_render_packages' ),
	'private-lessons' => array( 'studio_data_render_private_lessons' ),
	'studio-info'     => array( 'studio_data_render_studio_info', 'studio_data_studio_json_ld' ),
	'user-profile'    => array( 'studio_data_render_user_profile' ),
);

/**
 * A block on the page: its wrapper (the classes and styles of its block supports) around what it shows.
 *
 * @param array<string,mixed> $attributes The block's attributes, checked and defaulted by WordPress.
 */
function studio_data_render_block( array $attributes, string $content, WP_Block $block ): string {
	$folder = substr( $block->name, strlen( 'studio-data/' ) );
	return '<div ' . get_block_wrapper_attributes() . ">\n\t" . studio_data_block_inner_html( $folder, $attributes ) . "</div>\n";
}

/**
 * Counts the blocks of a kind the page has rendered so far (a page is one PHP request), so that each
 * knows which it is, 1 for the first: the second schedule or events block of a page numbers its
 * landmarks' names and its query parameters apart from the first's.
 */
function studio_data_count_block( string $folder ): int {
	$GLOBALS['studio_data_blocks_rendered'][ $folder ] = (int) ( $GLOBALS['studio_data_blocks_rendered'][ $folder ] ?? 0 ) + 1;
	return $GLOBALS['studio_data_blocks_rendered'][ $folder ];
}

/**
 * The escaped HTML (and JSON-LD) a block shows inside its wrapper.
 *
 * @param array<string,mixed> $attributes
 */
function studio_data_block_inner_html( string $folder, array $attributes ): string {
	$number = studio_data_count_block( $folder );
	if ( 'class-schedule' === $folder ) {
		return studio_data_render_schedule_block( $attributes, $number );
	}
	$args = array( 'number' => $number ) + studio_data_block_args( $folder, $attributes );
	$html = '';
	foreach ( STUDIO_DATA_BLOCK_PARTS[ $folder ] as $part ) {
		$html .= $part( $args );
	}
	return $html;
}

/**
 * Tells the blocks' editor scripts the plugin settings they fall back to (`window.studioDataEditor`,
 * read by blocks/shared/editor-settings.ts). Printed once, before wp-blocks, which every block's
 * editor script depends on.
 */
function studio_data_print_block_editor_settings(): void {
	$settings = studio_data_get_settings();
	$editor   = array(
		'studioId'    => $settings['studio_id'],
		'locale'      => $settings['default_locale'],
		'configured'  => '' !== $settings['api_base_url'],
		'settingsUrl' => current_user_can( 'manage_options' ) ? admin_url( 'options-general.php?page=studio-data' ) : '',
		// The plugin's clock (studio_data_now), so the pickers leave out what is over by the time tests set.
		'now'         => studio_data_now() * 1000,
	);
	wp_add_inline_script( 'wp-blocks', 'window.studioDataEditor = ' . wp_json_encode( $editor, JSON_HEX_TAG | JSON_HEX_AMP ) . ';', 'before' );
}

/**
 * The styles all blocks share (plugin/includes/blocks/blocks.css: the custom properties themes can
 * set, on top of the renderers' studio-data.css) and the editor's own (loading and error states,
 * choice lists). Named by the blocks' block.json, so registered before them.
 */
function studio_data_register_block_styles(): void {
	wp_register_style( 'studio-data-blocks', plugins_url( 'blocks.css', __FILE__ ), array( 'studio-data' ), STUDIO_DATA_VERSION );
	wp_register_style( 'studio-data-blocks-editor', plugins_url( 'editor.css', __FILE__ ), array(), STUDIO_DATA_VERSION );
}
