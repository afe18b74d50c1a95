<?php
/**
 * Directions to the studio: a link to OpenStreetMap's search for its address. A plain link, so the
 * page embeds no map and no tracker; the visitor's browser goes to openstreetmap.org only on a click.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * OpenStreetMap's search for the studio's address, or '' when it has none.
 *
 * @param array<string,mixed> $profile The studio profile.
 */
function studio_data_directions_url( array $profile ): string {
	$address = is_string( $profile['address'] ?? null ) ? trim( $profile['address'] ) : '';
	return '' === $address ? '' : 'https://www.openstreetmap.org/search?query=' . rawurlencode( $address );
}
