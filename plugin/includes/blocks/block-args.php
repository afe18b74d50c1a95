<?php
/**
 * From a block's attributes to the shared renderer's arguments. Attributes come from post content,
 * so each is checked here even though block.json types them; the renderers check again.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** The blocks' default top heading level (block.json's `headingLevel` default). */
const STUDIO_DATA_BLOCK_HEADING_LEVEL = 2;

/**
 * The studio and locale a block asks for, left out when empty so the plugin settings decide; and
 * the level of its top headings for blocks that have headings (every block but the book button).
 * A block usually sits right under the page title (h1), so its headings start at h2 unless the owner
 * picks a deeper level; the renderers' own default (h3) is for shortcodes placed under a heading.
 *
 * @param array<string,mixed> $attributes
 * @return array<string,string|int>
 */
function studio_data_block_source_args( array $attributes ): array {
	$args = array();
	foreach ( array( 'studioId' => 'studio', 'locale' => 'locale' ) as $attribute => $arg ) {
		$value = isset( $attributes[ $attribute ] ) && is_string( $attributes[ $attribute ] ) ? trim( $attributes[ $attribute ] ) : '';
		if ( '' !== $value ) {
			$args[ $arg ] = $value;
		}
	}
	if ( array_key_exists( 'headingLevel', $attributes ) ) {
		$args['heading_level'] = studio_data_int_arg( $attributes['headingLevel'], STUDIO_DATA_BLOCK_HEADING_LEVEL, 2, 5 );
	}
	return $args;
}

/**
 * A list attribute (dance types, ids, …) as a list of strings.
 *
 * @param array<string,mixed> $attributes
 * @return list<string>
 */
function studio_data_block_list( array $attributes, string $name ): array {
	return studio_data_list_arg( is_array( $attributes[ $name ] ?? null ) ? $attributes[ $name ] : array() );
}

/**
 * The schedule renderer's arguments for a class-schedule block, for the week starting at `$from`
 * (Y-m-d, or null for this week).
 *
 * @param array<string,mixed> $attributes
 * @return array<string,mixed>
 */
function studio_data_schedule_block_args( array $attributes, ?string $from ): array {
	return studio_data_block_source_args( $attributes ) + array(
		'from'        => $from,
		'dance_types' => studio_data_block_list( $attributes, 'danceTypes' ),
		'levels'      => studio_data_block_list( $attributes, 'levels' ),
		'instructors' => studio_data_block_list( $attributes, 'instructors' ),
		'days'        => studio_data_block_list( $attributes, 'days' ),
		'layout'      => 'grid' === ( $attributes['layout'] ?? 'list' ) ? 'grid' : 'list',
		'show_past'   => true === ( $attributes['showPastClasses'] ?? false ),
	);
}

/**
 * The events renderer's arguments for an events block.
 *
 * @param array<string,mixed> $attributes
 * @return array<string,mixed>
 */
function studio_data_events_block_args( array $attributes ): array {
	return studio_data_block_source_args( $attributes ) + array(
		'weeks'  => studio_data_int_arg( $attributes['weeks'] ?? 2, 2, 1, 8 ),
		'layout' => 'grid' === ( $attributes['layout'] ?? 'list' ) ? 'grid' : 'list',
	);
}
