<?php
/**
 * Where an owner finds the blocks in the editor's inserter: their own category ("Studio Data"), and
 * ready-made pages (block patterns) in a pattern category of the same name.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

const STUDIO_DATA_BLOCK_CATEGORY = 'studio-data';

/** The patterns, by name (studio-data/NAME), each in includes/patterns/NAME.php. */
const STUDIO_DATA_PATTERNS = array( 'classes-page', 'team-page', 'studio-home-page' );

add_filter( 'block_categories_all', 'studio_data_block_category' );
add_action( 'init', 'studio_data_register_patterns' );

/**
 * The blocks' own category, first after the text and media ones.
 *
 * @param array<int,array<string,mixed>> $categories
 * @return array<int,array<string,mixed>>
 */
function studio_data_block_category( array $categories ): array {
	if ( in_array( STUDIO_DATA_BLOCK_CATEGORY, array_column( $categories, 'slug' ), true ) ) {
		return $categories;
	}
	$ours = array(
		'slug'  => STUDIO_DATA_BLOCK_CATEGORY,
		'title' => __( 'Studio Data', 'studio-data' ),
		'icon'  => null,
	);
	array_splice( $categories, min( 2, count( $categories ) ), 0, array( $ours ) );
	return $categories;
}

/** Registers the pattern category and the patterns ("Classes page", "Team page", "Studio home page"). */
function studio_data_register_patterns(): void {
	register_block_pattern_category( STUDIO_DATA_BLOCK_CATEGORY, array( 'label' => __( 'Studio Data', 'studio-data' ) ) );
	foreach ( STUDIO_DATA_PATTERNS as $name ) {
		$pattern = require STUDIO_DATA_DIR . 'includes/patterns/' . $name . '.php';
		register_block_pattern(
			'studio-data/' . $name,
			$pattern + array(
				'categories' => array( STUDIO_DATA_BLOCK_CATEGORY ),
				'blockTypes' => array( 'core/post-content' ),
				'postTypes'  => array( 'page', 'post' ),
			)
		);
	}
}
