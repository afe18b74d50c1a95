<?php
/**
 * A person as the renderers show one: the full name, and the card (photo, name, biography) the
 * instructors, private lessons and dancer profile share.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** "Ana García" from a person with name and lastname. */
function studio_data_person_name( mixed $person ): string {
	if ( ! is_array( $person ) ) {
		return '';
	}
	return trim( (string) ( $person['name'] ?? '' ) . ' ' . (string) ( $person['lastname'] ?? '' ) );
}

/** Photo, name and biography of a person. */
function studio_data_person_card( array $person, array $ctx ): string {
	$name = studio_data_person_name( $person );
	return studio_data_image( $person['image'] ?? null, $name, 'studio-data-person__image' )
		. studio_data_heading( $ctx, 0, 'studio-data-person__name', esc_html( $name ) )
		. studio_data_paragraphs( studio_data_text( $person['bio'] ?? null, $ctx ), 'studio-data-person__bio' );
}
