<?php
/**
 * The Block Bindings source `studio-data/studio-data` (WordPress 6.5+): core Paragraph, Heading and
 * Button blocks show the studio's name, phone or address, or a weekly class's next date, time and
 * booking link, read when the page is viewed (through the bridge: cached, the last good copy when
 * the API fails). Core asks a source name to carry a namespace, hence `studio-data/studio-data`.
 *
 *     <!-- wp:paragraph {"metadata":{"bindings":{"content":{"source":"studio-data/studio-data","args":{"key":"phone"}}}}} -->
 *     <!-- wp:button {"metadata":{"bindings":{"url":{"source":"studio-data/studio-data","args":{"key":"booking-url","series":"salsa-beg-mon"}}}}} -->
 *
 * Keys: name, phone, address (the studio's; in a link's `url`, phone is a tel: link and address the
 * directions on OpenStreetMap), next-date, next-time, booking-url (of the weekly class `series`).
 * `studio` names another studio than the plugin's. A value that cannot be read leaves the block's
 * own text, so an owner writes a sensible fallback ("Call us") in the block itself.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;

const STUDIO_DATA_BINDINGS_SOURCE = 'studio-data/studio-data';

/** Registers the source on `init`, where WordPress has the Block Bindings API (6.5 on). */
function studio_data_register_bindings_source(): void {
	if ( ! function_exists( 'register_block_bindings_source' ) ) {
		return;
	}
	register_block_bindings_source(
		STUDIO_DATA_BINDINGS_SOURCE,
		array(
			'label'              => __( 'Studio Data', 'studio-data' ),
			'get_value_callback' => 'studio_data_bound_value',
		)
	);
}
add_action( 'init', 'studio_data_register_bindings_source' );

/**
 * The value of a binding, or null (the block keeps its own) when the studio or the class cannot be read.
 *
 * @param array<string,mixed> $source_args    key, series, studio.
 * @param WP_Block|null       $block_instance The bound block.
 * @param string              $attribute_name `content`, `text` or `url`.
 */
function studio_data_bound_value( array $source_args, $block_instance = null, string $attribute_name = 'content' ): ?string {
	$key    = is_string( $source_args['key'] ?? null ) ? $source_args['key'] : '';
	$is_url = 'url' === $attribute_name;
	$ctx    = studio_data_render_context( array( 'studio' => $source_args['studio'] ?? null ) );
	try {
		$profile = studio_data_bridge()->studioProfile( $ctx['studio'] );
	} catch ( ApiError $unavailable ) {
		return null;
	}
	$value = match ( $key ) {
		'name'                                => (string) ( $profile['name'] ?? '' ),
		'phone'                               => studio_data_bound_phone( $profile, $is_url ),
		'address'                             => $is_url ? studio_data_directions_url( $profile ) : (string) ( $profile['address'] ?? '' ),
		'next-date', 'next-time', 'booking-url' => studio_data_bound_session_value( $key, $source_args, $profile, $ctx ),
		default                               => '',
	};
	if ( '' === $value ) {
		return null;
	}
	// Text goes into the block's HTML as it is: escaped here. A URL is an attribute, which core escapes.
	return $is_url ? esc_url_raw( $value, array( 'http', 'https', 'tel' ) ) : esc_html( $value );
}

/** The phone as written, or as a tel: address for a link (the plus kept, the rest digits). */
function studio_data_bound_phone( array $profile, bool $as_url ): string {
	$phone = is_string( $profile['phone'] ?? null ) ? trim( $profile['phone'] ) : '';
	if ( ! $as_url || '' === $phone ) {
		return $phone;
	}
	$digits = (string) preg_replace( '/[^0-9]/', '', $phone );
	return '' === $digits ? '' : 'tel:' . ( str_starts_with( $phone, '+' ) ? '+' : '' ) . $digits;
}

/**
 * The next session of the weekly class `series`: its date or time (the site's formats, in the
 * studio's time zone) or its booking page; '' when it has none in the next two weeks.
 *
 * @param array<string,mixed>  $source_args
 * @param array<string,mixed>  $profile
 * @param array<string,string> $ctx
 */
function studio_data_bound_session_value( string $key, array $source_args, array $profile, array $ctx ): string {
	$series  = is_string( $source_args['series'] ?? null ) ? trim( $source_args['series'] ) : '';
	$session = studio_data_next_session( $ctx['studio'], $series );
	$starts  = is_string( $session['date'] ?? null ) ? strtotime( $session['date'] ) : false;
	if ( null === $session || false === $starts || ! is_string( $session['id'] ?? null ) ) {
		return '';
	}
	return match ( $key ) {
		'next-date' => (string) wp_date( (string) get_option( 'date_format' ), $starts, studio_data_timezone( $profile ) ),
		'next-time' => (string) wp_date( (string) get_option( 'time_format' ), $starts, studio_data_timezone( $profile ) ),
		default     => '' === $ctx['checkout'] ? '' : studio_data_class_booking_url( $ctx['checkout'], $session['id'], $ctx['booking_locale'] ),
	};
}
