<?php
/**
 * A person as the renderers show one: the full name, and the card (photo, name, biography) the
 * instructors, private lessons and dancer profile share.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** The square a person's photo is laid out in, in CSS pixels (scaled down to its column). */
const STUDIO_DATA_PERSON_PHOTO_SIZE = 320;

/** "Ana García" from a person with name and lastname. */
function studio_data_person_name( mixed $person ): string {
	if ( ! is_array( $person ) ) {
		return '';
	}
	return trim( (string) ( $person['name'] ?? '' ) . ' ' . (string) ( $person['lastname'] ?? '' ) );
}

/**
 * Photo, name and biography of a person. The photo is shown square (the stylesheet crops it), so its
 * width and height are given: the browser keeps its place before it loads, and nothing below jumps.
 */
function studio_data_person_card( array $person, array $ctx ): string {
	$name = studio_data_person_name( $person );
	return studio_data_image( $person['image'] ?? null, $name, 'studio-data-person__image', STUDIO_DATA_PERSON_PHOTO_SIZE, STUDIO_DATA_PERSON_PHOTO_SIZE )
		. studio_data_heading( $ctx, 0, 'studio-data-person__name', esc_html( $name ) )
		. studio_data_paragraphs( studio_data_text( $person['bio'] ?? null, $ctx ), 'studio-data-person__bio' );
}

/**
 * What a person's public profile says of them: occupation and years of experience on one line, the
 * dances they teach on another; nothing for what is not set.
 *
 * @param array<string,mixed> $person A user profile, or a member of the instructors list.
 */
function studio_data_person_facts( array $person ): string {
	$facts = array();
	if ( ! empty( $person['occupation'] ) && is_string( $person['occupation'] ) ) {
		$facts[] = $person['occupation'];
	}
	if ( is_int( $person['yearsOfExperience'] ?? null ) ) {
		/* translators: %d: years of dance experience. */
		$facts[] = sprintf( _n( '%d year of experience', '%d years of experience', $person['yearsOfExperience'], 'studio-data' ), $person['yearsOfExperience'] );
	}
	$html = array() === $facts ? '' : '<p class="studio-data-person__facts">' . esc_html( implode( ' · ', $facts ) ) . '</p>';
	$specialities = studio_data_list_arg( $person['danceSpecialities'] ?? array() );
	if ( array() !== $specialities ) {
		$html .= '<p class="studio-data-person__specialities"><span class="studio-data__label">' . esc_html__( 'Dances:', 'studio-data' ) . '</span> ' . esc_html( implode( ', ', $specialities ) ) . '</p>';
	}
	return $html;
}
