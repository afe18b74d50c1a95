<?php
/**
 * A block's block.json is the one schema of its attributes and their defaults. Read here (the built
 * copy beside the block's PHP) for what is derived from it: the renderer's arguments of a block, its
 * shortcode's attributes and defaults (shortcodes.php) and the schedule's week route arguments.
 *
 * Renderer arguments are the attributes' names in snake_case (`danceTypes` → `dance_types`), except
 * the few a shortcode has always spelled otherwise (STUDIO_DATA_ARG_NAMES).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** Attribute => renderer argument (and shortcode attribute) where the name is not the snake_case one. */
const STUDIO_DATA_ARG_NAMES = array(
	'studioId'        => 'studio',
	'userId'          => 'user',
	'showPastClasses' => 'show_past',
);

/**
 * The attributes a block's block.json declares, name => JSON schema, in its order.
 *
 * @param string $block The block's folder, e.g. `events`.
 * @return array<string,array<string,mixed>>
 */
function studio_data_block_attribute_schemas( string $block ): array {
	static $schemas = array();
	if ( ! isset( $schemas[ $block ] ) ) {
		$metadata          = wp_json_file_decode( STUDIO_DATA_BLOCKS_BUILD_DIR . '/' . $block . '/block.json', array( 'associative' => true ) );
		$schemas[ $block ] = is_array( $metadata['attributes'] ?? null ) ? $metadata['attributes'] : array();
	}
	return $schemas[ $block ];
}

/** An attribute's default in its block's block.json (null when it declares none). */
function studio_data_block_default( string $block, string $attribute ): mixed {
	return studio_data_block_attribute_schemas( $block )[ $attribute ]['default'] ?? null;
}

/** An integer attribute's value within its block.json bounds (`minimum`, `maximum`), its default when it is none. */
function studio_data_block_int_arg( string $block, string $attribute, mixed $value ): int {
	$schema  = studio_data_block_attribute_schemas( $block )[ $attribute ] ?? array();
	$default = (int) ( $schema['default'] ?? 0 );
	return studio_data_int_arg( $value ?? $default, $default, (int) ( $schema['minimum'] ?? $default ), (int) ( $schema['maximum'] ?? $default ) );
}

/** The renderer argument (and shortcode attribute) an attribute is given as: `danceTypes` → `dance_types`. */
function studio_data_arg_name( string $attribute ): string {
	return STUDIO_DATA_ARG_NAMES[ $attribute ] ?? strtolower( (string) preg_replace( '/(?<=[a-z0-9])([A-Z])/', '_$1', $attribute ) );
}

/**
 * The renderer's arguments for a block's attributes: each attribute its block.json declares, under
 * its argument name. WordPress has already checked them against block.json and filled in defaults;
 * lists are read as the renderers read them, and empty texts are left out, so the plugin settings
 * (studio, locale) and the renderers' own defaults (a button's text) decide.
 *
 * @param array<string,mixed> $attributes
 * @return array<string,mixed>
 */
function studio_data_block_args( string $block, array $attributes ): array {
	$args = array();
	foreach ( studio_data_block_attribute_schemas( $block ) as $attribute => $schema ) {
		$value = $attributes[ $attribute ] ?? $schema['default'] ?? null;
		if ( 'array' === ( $schema['type'] ?? '' ) ) {
			$value = studio_data_list_arg( $value );
		} elseif ( is_string( $value ) ) {
			$value = trim( $value );
		}
		if ( null !== $value && '' !== $value ) {
			$args[ studio_data_arg_name( $attribute ) ] = $value;
		}
	}
	return $args;
}
