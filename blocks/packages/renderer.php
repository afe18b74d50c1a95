<?php
/**
 * Packages (class passes): studio_data_render_packages(), used by [studio_data_packages] and this block.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * @param array<string,mixed> $args studio, locale, ids (string[]; default all, in the studio's order).
 */
function studio_data_render_packages( array $args ): string {
	return studio_data_render_guarded( 'packages', $args, 'studio_data_packages_html' );
}

/** The markup of studio_data_render_packages(), for its render context and arguments. */
function studio_data_packages_html( array $ctx, array $args ): string {
	$packages = studio_data_pick_ids( studio_data_bridge()->packages( $ctx['studio'] ), studio_data_list_arg( $args['ids'] ?? array() ) );
	if ( array() === $packages ) {
		return '<div class="studio-data studio-data-packages"><p class="studio-data__empty">' . esc_html__( 'No packages to show.', 'studio-data' ) . '</p></div>';
	}
	$html = '<ul class="studio-data studio-data-packages" aria-label="' . esc_attr__( 'Packages', 'studio-data' ) . '">';
	foreach ( $packages as $package ) {
		$html .= '<li class="studio-data-package">' . studio_data_heading( $ctx, 0, 'studio-data-package__name', esc_html( (string) ( $package['name'] ?? '' ) ) );
		$html .= '<p class="studio-data-package__price">' . esc_html( studio_data_format_price( $package['price'] ?? null, (string) ( $package['currency'] ?? '' ), $ctx['locale'] ) ) . '</p>';
		$html .= studio_data_paragraphs( studio_data_text( $package['description'] ?? null, $ctx ), 'studio-data-package__description' );
		$html .= '<ul class="studio-data-package__terms">' . implode( '', array_map( static fn ( $term ) => '<li>' . esc_html( $term ) . '</li>', studio_data_package_terms( $package ) ) ) . '</ul></li>';
	}
	return $html . '</ul>';
}

/**
 * "10 classes", "Valid for 90 days", "For Salsa".
 *
 * @return list<string>
 */
function studio_data_package_terms( array $package ): array {
	$count    = $package['classCount'] ?? null;
	$validity = $package['validityDays'] ?? null;
	$types    = studio_data_list_arg( $package['danceTypes'] ?? array() );
	return array(
		/* translators: %d: number of classes included. */
		is_int( $count ) ? sprintf( _n( '%d class', '%d classes', $count, 'studio-data' ), $count ) : __( 'Unlimited classes', 'studio-data' ),
		/* translators: %d: days the package stays valid. */
		is_int( $validity ) ? sprintf( _n( 'Valid for %d day', 'Valid for %d days', $validity, 'studio-data' ), $validity ) : __( 'No expiry', 'studio-data' ),
		/* translators: %s: dance type names. */
		array() === $types ? __( 'For all dance types', 'studio-data' ) : sprintf( __( 'For %s', 'studio-data' ), implode( ', ', $types ) ),
	);
}
