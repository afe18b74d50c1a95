<?php
/**
 * Small pieces of escaped HTML the renderers share: headings at the renderer's level, paragraphs
 * of plain text, images, the time zone note, booking links and landmarks' names.
 *
 * Renderers return escaped HTML: every value from the API or from arguments is escaped here, late.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** Why a block or shortcode shows what it shows, as a paragraph for people who edit the site; nothing for visitors. */
function studio_data_editors_reason( string $text ): string {
	if ( ! current_user_can( 'edit_posts' ) ) {
		return '';
	}
	return '<p class="studio-data__reason"><strong>' . esc_html__( 'Shown to editors only:', 'studio-data' ) . '</strong> ' . esc_html( $text ) . '</p>';
}

/** The reason as a note of its own above a block's or shortcode's output, with `$more_html` (escaped) after it. */
function studio_data_editor_note( string $note, string $more_html = '' ): string {
	$reason = studio_data_editors_reason( $note );
	return '' === $reason ? '' : '<div class="studio-data" role="note">' . $reason . $more_html . '</div>';
}

/**
 * The note for dance types a block or shortcode filters on that the studio does not have (renamed
 * or removed since, or mistyped): no class matches them. Empty when every one is the studio's.
 *
 * @param array<string,mixed> $profile The studio's profile.
 */
function studio_data_unknown_dance_types_note( array $profile, mixed $dance_types ): string {
	$unknown = studio_data_unknown_dance_types( $profile, studio_data_list_arg( $dance_types ) );
	if ( array() === $unknown ) {
		return '';
	}
	return studio_data_editor_note(
		sprintf(
			/* translators: 1: the dance types the filter names that the studio does not have, 2: the studio's dance types. */
			__( 'The studio has no dance type named %1$s, so no class matches it. Its dance types: %2$s.', 'studio-data' ),
			implode( ', ', $unknown ),
			implode( ', ', studio_data_dance_type_names( $profile ) )
		)
	);
}

/**
 * Of the dance type names given, those the studio does not have; names compare case-insensitively,
 * as the filters compare them.
 *
 * @param array<string,mixed> $profile The studio's profile.
 * @param list<string>        $names
 * @return list<string>
 */
function studio_data_unknown_dance_types( array $profile, array $names ): array {
	$known = array_map( static fn ( string $name ): string => mb_strtolower( trim( $name ) ), studio_data_dance_type_names( $profile ) );
	return array_values( array_filter( $names, static fn ( string $name ): bool => ! in_array( mb_strtolower( trim( $name ) ), $known, true ) ) );
}

/**
 * The studio's dance type names, in its order.
 *
 * @param array<string,mixed> $profile The studio's profile.
 * @return list<string>
 */
function studio_data_dance_type_names( array $profile ): array {
	$names = array();
	foreach ( is_array( $profile['studioTypes'] ?? null ) ? $profile['studioTypes'] : array() as $dance_type ) {
		if ( is_array( $dance_type ) && is_string( $dance_type['name'] ?? null ) ) {
			$names[] = $dance_type['name'];
		}
	}
	return $names;
}

/** A heading of the renderer's level (+ $deeper), with escaped text. */
function studio_data_heading( array $ctx, int $deeper, string $class_name, string $inner_html ): string {
	$tag = 'h' . min( 6, $ctx['heading'] + $deeper );
	return '<' . $tag . ' class="' . esc_attr( $class_name ) . '">' . $inner_html . '</' . $tag . '>';
}

/** Paragraphs of plain text, escaped. */
function studio_data_paragraphs( string $text, string $class_name ): string {
	if ( '' === trim( $text ) ) {
		return '';
	}
	$paragraphs = preg_split( '/\n\s*\n/', trim( $text ) );
	$html       = '';
	foreach ( $paragraphs as $paragraph ) {
		$html .= '<p class="' . esc_attr( $class_name ) . '">' . nl2br( esc_html( trim( $paragraph ) ), false ) . '</p>';
	}
	return $html;
}

/**
 * A landmark's name, numbered from the second of its kind on a page ("Class schedule (2)"): screen
 * readers list landmarks by name, and two of one name cannot be told apart. Plain text, unescaped.
 */
function studio_data_numbered_label( string $label, int $number ): string {
	return $number > 1 ? sprintf( '%1$s (%2$d)', $label, $number ) : $label;
}

/** The sentence that names the zone all times are shown in. */
function studio_data_zone_note( DateTimeZone $zone ): string {
	return '<p class="studio-data__zone">' . esc_html(
		/* translators: %s: an IANA time zone name such as Europe/Madrid. */
		sprintf( __( 'Times are in the studio\'s time zone (%s).', 'studio-data' ), str_replace( '_', ' ', $zone->getName() ) )
	) . '</p>';
}

/** A booking link whose accessible name says what it books. */
function studio_data_booking_link( string $url, string $label, string $what ): string {
	return '<a class="studio-data-button" href="' . esc_url( $url ) . '">' . esc_html( $label )
		. '<span class="screen-reader-text"> ' . esc_html( $what ) . '</span></a>';
}

/** An image with its alternative text, and the size it is laid out at when the caller knows it; or nothing. */
function studio_data_image( mixed $url, string $alt, string $class_name, int $width = 0, int $height = 0 ): string {
	if ( ! is_string( $url ) || '' === $url ) {
		return '';
	}
	$size = $width > 0 && $height > 0 ? ' width="' . $width . '" height="' . $height . '"' : '';
	return '<img class="' . esc_attr( $class_name ) . '" src="' . esc_url( $url ) . '" alt="' . esc_attr( $alt ) . '"' . $size . ' loading="lazy" decoding="async">';
}
