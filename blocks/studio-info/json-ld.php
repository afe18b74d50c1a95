<?php
/**
 * The studio as a schema.org LocalBusiness (schema.org has no DanceSchool).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** The studio as a schema.org LocalBusiness. */
function studio_data_studio_json_ld( array $args ): string {
	return studio_data_json_ld_guarded( $args, 'studio_data_studio_json_ld_data' );
}

/** The data of studio_data_studio_json_ld(), for its render context and arguments. */
function studio_data_studio_json_ld_data( array $ctx, array $args ): array {
	$profile = studio_data_bridge()->studioProfile( $ctx['studio'] );
	return array_filter(
		array(
			'@context'     => 'https://schema.org',
			'@type'        => 'LocalBusiness',
			'@id'          => studio_data_json_ld_business_id( $ctx ),
			'name'         => (string) ( $profile['name'] ?? '' ),
			'description'  => studio_data_text( $profile['description'] ?? null, $ctx ),
			'logo'         => (string) ( $profile['logo'] ?? '' ),
			'image'        => (string) ( $profile['logo'] ?? '' ),
			'url'          => (string) ( $profile['website'] ?? '' ),
			'telephone'    => (string) ( $profile['phone'] ?? '' ),
			'address'      => studio_data_json_ld_postal_address( $profile ),
			'foundingDate' => isset( $profile['yearEstablished'] ) ? (string) $profile['yearEstablished'] : '',
		)
	);
}
