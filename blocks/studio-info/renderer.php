<?php
/**
 * The studio's profile: studio_data_render_studio_info(), used by [studio_data_studio] and this block.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

const STUDIO_DATA_STUDIO_PARTS = array( 'name', 'logo', 'description', 'address', 'hours', 'phone', 'whatsapp', 'website' );

/**
 * @param array<string,mixed> $args studio, locale, parts (subset of name, logo, description, address,
 *                                  hours, phone, whatsapp, website; default all, in that order).
 */
function studio_data_render_studio_info( array $args ): string {
	return studio_data_render_guarded( 'studio', $args, 'studio_data_studio_info_html' );
}

/** The markup of studio_data_render_studio_info(), for its render context and arguments. */
function studio_data_studio_info_html( array $ctx, array $args ): string {
	$profile = studio_data_bridge()->studioProfile( $ctx['studio'] );
	$parts   = array_values( array_intersect( studio_data_list_arg( $args['parts'] ?? array() ), STUDIO_DATA_STUDIO_PARTS ) );
	$html    = '<div class="studio-data studio-data-studio">';
	foreach ( array() === $parts ? STUDIO_DATA_STUDIO_PARTS : $parts as $part ) {
		$html .= studio_data_studio_part( $part, $profile, $ctx );
	}
	return $html . '</div>';
}

/** One part of the studio profile, or nothing when the studio has not set it. */
function studio_data_studio_part( string $part, array $profile, array $ctx ): string {
	$name = (string) ( $profile['name'] ?? '' );
	switch ( $part ) {
		case 'name':
			return '' === $name ? '' : studio_data_heading( $ctx, 0, 'studio-data-studio__name', esc_html( $name ) );
		case 'logo':
			/* translators: %s: studio name. */
			return studio_data_image( $profile['logo'] ?? null, sprintf( __( '%s logo', 'studio-data' ), $name ), 'studio-data-studio__logo' );
		case 'description':
			return studio_data_paragraphs( studio_data_text( $profile['description'] ?? null, $ctx ), 'studio-data-studio__description' );
		case 'address':
			$lines = array_filter( array( (string) ( $profile['address'] ?? '' ), (string) ( $profile['unit'] ?? '' ) ) );
			if ( array() === $lines ) {
				return '';
			}
			$directions = studio_data_directions_url( $profile );
			return '<address class="studio-data-studio__address">' . implode( '<br>', array_map( 'esc_html', $lines ) ) . '</address>'
				. ( '' === $directions ? '' : '<p class="studio-data-studio__directions"><a href="' . esc_url( $directions ) . '">' . esc_html__( 'Directions (OpenStreetMap)', 'studio-data' ) . '</a></p>' );
		case 'hours':
			return empty( $profile['businessHours'] ) ? '' : '<p class="studio-data-studio__hours"><span class="studio-data__label">' . esc_html__( 'Opening hours:', 'studio-data' ) . '</span> ' . esc_html( (string) $profile['businessHours'] ) . '</p>';
		case 'phone':
			return studio_data_phone_link( $profile['phone'] ?? null, __( 'Phone:', 'studio-data' ), 'tel:', 'studio-data-studio__phone' );
		case 'whatsapp':
			return empty( $profile['whatsappEnabled'] ) ? '' : studio_data_phone_link( $profile['whatsappPhone'] ?? null, __( 'WhatsApp:', 'studio-data' ), 'https://wa.me/', 'studio-data-studio__whatsapp' );
		case 'website':
			return empty( $profile['website'] ) ? '' : '<p class="studio-data-studio__website"><a href="' . esc_url( (string) $profile['website'] ) . '">' . esc_html( (string) wp_parse_url( (string) $profile['website'], PHP_URL_HOST ) ) . '</a></p>';
	}
	return '';
}

/** A phone number as a link (tel: or wa.me, digits only in the address). */
function studio_data_phone_link( mixed $phone, string $label, string $scheme, string $class_name ): string {
	if ( ! is_string( $phone ) || '' === trim( $phone ) ) {
		return '';
	}
	$digits = (string) preg_replace( '/[^0-9]/', '', $phone );
	$start  = '<p class="' . esc_attr( $class_name ) . '"><span class="studio-data__label">' . esc_html( $label ) . '</span> ';
	if ( '' === $digits ) {
		return $start . esc_html( $phone ) . '</p>'; // Nothing to dial: the text as written, no link.
	}
	// A local number ("91 123 45 67") stays local: "+" only when the studio wrote an international one.
	$plus = 'tel:' === $scheme && str_starts_with( ltrim( $phone ), '+' ) ? '+' : '';
	return $start . '<a href="' . esc_url( $scheme . $plus . $digits, array( 'tel', 'https' ) ) . '">' . esc_html( $phone ) . '</a></p>';
}
