<?php
/**
 * The studio's instructors: studio_data_render_instructors(), used by [studio_data_instructors] and this block.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * The studio's instructors as cards.
 *
 * @param array<string,mixed> $args studio, locale, ids (string[]; default all, in team order), columns (block.json: 1–6, default 3).
 */
function studio_data_render_instructors( array $args ): string {
	return studio_data_render_guarded( 'instructors', $args, 'studio_data_instructors_html' );
}

/** The markup of studio_data_render_instructors(), for its render context and arguments. */
function studio_data_instructors_html( array $ctx, array $args ): string {
	$people  = studio_data_pick_ids( studio_data_bridge()->instructors( $ctx['studio'] ), studio_data_list_arg( $args['ids'] ?? array() ) );
	$columns = studio_data_block_int_arg( 'instructors', 'columns', $args['columns'] ?? null );
	if ( array() === $people ) {
		return '<div class="studio-data studio-data-instructors"><p class="studio-data__empty">' . esc_html__( 'No instructors to show.', 'studio-data' ) . '</p></div>';
	}
	$html = '<ul class="studio-data studio-data-instructors studio-data--columns-' . esc_attr( (string) $columns ) . '" aria-label="' . esc_attr__( 'Instructors', 'studio-data' ) . '">';
	foreach ( $people as $person ) {
		$html .= '<li class="studio-data-person">' . studio_data_person_card( $person, $ctx ) . studio_data_person_facts( $person ) . '</li>';
	}
	return $html . '</ul>';
}
