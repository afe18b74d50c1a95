<?php
/**
 * The plugin's settings: one option, `studio_data_settings`, read through studio_data_get_settings().
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\Id;

const STUDIO_DATA_OPTION = 'studio_data_settings';

/** Cache lifetime bounds, in seconds. */
const STUDIO_DATA_MIN_CACHE_TTL = 30;
const STUDIO_DATA_MAX_CACHE_TTL = DAY_IN_SECONDS;

/**
 * The defaults: no API yet, the site's language, five minutes of cache.
 *
 * @return array{api_base_url:string,checkout_base_url:string,studio_id:string,default_locale:string,cache_ttl:int}
 */
function studio_data_default_settings(): array {
	return array(
		'api_base_url'      => '',
		'checkout_base_url' => '',
		'studio_id'         => '',
		'default_locale'    => studio_data_site_locale(),
		'cache_ttl'         => 5 * MINUTE_IN_SECONDS,
	);
}

/**
 * The settings with defaults filled in. An empty checkout base URL means the API's own server
 * (the hosted booking pages are served by the API server unless configured elsewhere).
 *
 * @return array{api_base_url:string,checkout_base_url:string,studio_id:string,default_locale:string,cache_ttl:int}
 */
function studio_data_get_settings(): array {
	$saved    = get_option( STUDIO_DATA_OPTION, array() );
	$settings = array_merge( studio_data_default_settings(), array_intersect_key( is_array( $saved ) ? $saved : array(), studio_data_default_settings() ) );
	if ( '' === $settings['checkout_base_url'] ) {
		$settings['checkout_base_url'] = $settings['api_base_url'];
	}
	$settings['cache_ttl'] = (int) $settings['cache_ttl'];
	return $settings;
}

/** The site's language as a BCP 47 tag (es_ES → es-ES). */
function studio_data_site_locale(): string {
	return str_replace( '_', '-', get_locale() );
}

/**
 * Keeps only known keys, each checked. Invalid values fall back to the current value (or the
 * default) with a message on the settings page.
 *
 * @param mixed $input What was submitted.
 * @return array<string,mixed>
 */
function studio_data_sanitize_settings( $input ): array {
	$input    = is_array( $input ) ? $input : array();
	// The studio key has an option of its own (studio-key.php): it is taken out here, never kept below.
	studio_data_take_studio_key( $input );
	$current  = studio_data_default_settings();
	$previous = get_option( STUDIO_DATA_OPTION, array() );
	if ( is_array( $previous ) ) {
		$current = array_merge( $current, array_intersect_key( $previous, $current ) );
	}
	$clean = array();
	foreach ( array( 'api_base_url', 'checkout_base_url' ) as $key ) {
		$raw           = isset( $input[ $key ] ) && is_scalar( $input[ $key ] ) ? trim( (string) $input[ $key ] ) : '';
		$url           = '' === $raw ? '' : untrailingslashit( esc_url_raw( $raw, array( 'http', 'https' ) ) );
		$clean[ $key ] = $url;
		if ( '' !== $raw && ( '' === $url || ! preg_match( '#^https?://#i', $url ) || ! wp_parse_url( $url, PHP_URL_HOST ) ) ) {
			$clean[ $key ] = (string) $current[ $key ];
			studio_data_settings_error( $key, __( 'Addresses must be http:// or https:// URLs.', 'studio-data' ) );
		}
	}

	$studio_id = isset( $input['studio_id'] ) && is_scalar( $input['studio_id'] ) ? trim( (string) $input['studio_id'] ) : '';
	if ( '' === $studio_id || Id::isValid( $studio_id ) ) {
		$clean['studio_id'] = $studio_id;
	} else {
		$clean['studio_id'] = (string) $current['studio_id'];
		studio_data_settings_error( 'studio_id', __( 'A studio ID has 1 to 64 letters, digits, hyphens or underscores.', 'studio-data' ) );
	}

	$locale = isset( $input['default_locale'] ) && is_scalar( $input['default_locale'] ) ? studio_data_normalize_locale( (string) $input['default_locale'] ) : null;
	if ( null === $locale ) {
		// Left empty: the site's language. Not a tag: the locale saved before stays, as the other fields' do.
		$locale = studio_data_site_locale();
		if ( ! empty( $input['default_locale'] ) ) {
			$locale = (string) ( studio_data_normalize_locale( (string) $current['default_locale'] ) ?? $locale );
			studio_data_settings_error( 'default_locale', __( 'The default locale must be a language tag such as "en" or "es-MX".', 'studio-data' ) );
		}
	}
	$clean['default_locale'] = $locale;

	$ttl = isset( $input['cache_ttl'] ) && is_numeric( $input['cache_ttl'] ) ? (int) $input['cache_ttl'] : (int) $current['cache_ttl'];
	$clean['cache_ttl'] = max( STUDIO_DATA_MIN_CACHE_TTL, min( STUDIO_DATA_MAX_CACHE_TTL, $ttl ) );

	return $clean;
}

/** A BCP 47-shaped tag (en, es-MX, zh-Hant-TW; es_MX is read as es-MX), or null. */
function studio_data_normalize_locale( string $locale ): ?string {
	$locale = str_replace( '_', '-', trim( $locale ) );
	return preg_match( '/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/', $locale ) ? $locale : null;
}

function studio_data_settings_error( string $field, string $message ): void {
	if ( function_exists( 'add_settings_error' ) ) {
		add_settings_error( STUDIO_DATA_OPTION, 'studio_data_' . $field, $message );
	}
}

/** Registers the option with its sanitizer, so every write (form, REST, code) goes through it. */
function studio_data_register_settings(): void {
	register_setting(
		'studio_data',
		STUDIO_DATA_OPTION,
		array(
			'type'              => 'object',
			'default'           => studio_data_default_settings(),
			'sanitize_callback' => 'studio_data_sanitize_settings',
			'show_in_rest'      => false,
		)
	);
}
