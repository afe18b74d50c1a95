<?php
namespace StudioData\WordPress;

defined( 'ABSPATH' ) || exit;

use StudioData\Client\Id;

/**
 * Cleans the API's decoded answers before they are cached or used. Studio text is plain text: it is
 * kept as written (so "Rock & Roll <3" survives) minus invalid UTF-8 and control characters, and is
 * escaped at output. Links (image, logo, website) must be http(s) URLs; ids (and series ids) keep only the characters
 * ids are made of; keys are plain names or locale codes; numbers, booleans and nulls keep their types.
 */
final class RemoteSanitizer {
	private const URL_FIELDS = array( 'image', 'logo', 'website' );
	private const MAX_TEXT   = 20000;
	private const MAX_DEPTH  = 8;

	/**
	 * @param array<mixed> $data
	 * @param bool         $records The answer is a list of objects (classes, people, …): elements that
	 *                              are not objects are dropped, so one malformed element cannot reach
	 *                              the renderers (nor become the last good copy).
	 * @return array<mixed>
	 */
	public static function clean( array $data, bool $records = false ): array {
		if ( $records ) {
			$data = array_is_list( $data ) ? array_values( array_filter( $data, 'is_array' ) ) : array();
		}
		return self::cleanArray( $data, 0 );
	}

	/**
	 * @param array<mixed> $data
	 * @return array<mixed>
	 */
	private static function cleanArray( array $data, int $depth ): array {
		if ( $depth > self::MAX_DEPTH ) {
			return array();
		}
		$list  = array_is_list( $data );
		$clean = array();
		foreach ( $data as $key => $value ) {
			// A key is a field name or a locale code: both are made of what ids are.
			if ( ! $list && ! Id::isValid( (string) $key ) ) {
				continue;
			}
			$clean[ $key ] = self::cleanValue( $list ? '' : (string) $key, $value, $depth );
		}
		return $list ? array_values( $clean ) : $clean;
	}

	private static function cleanValue( string $key, mixed $value, int $depth ): mixed {
		if ( is_array( $value ) ) {
			return self::cleanArray( $value, $depth + 1 );
		}
		if ( ! is_string( $value ) ) {
			return is_int( $value ) || is_float( $value ) || is_bool( $value ) ? $value : null;
		}
		if ( in_array( $key, self::URL_FIELDS, true ) ) {
			$url = esc_url_raw( trim( $value ), array( 'http', 'https' ) );
			return '' === $url ? null : $url;
		}
		if ( 'id' === $key || 'seriesId' === $key ) {
			return preg_replace( '/[^A-Za-z0-9_-]/', '', $value );
		}
		return self::text( $value );
	}

	/** Plain text: valid UTF-8, no control characters but line breaks and tabs, bounded length. */
	public static function text( string $value ): string {
		$value = wp_check_invalid_utf8( $value, true );
		$value = (string) preg_replace( '/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/u', '', $value );
		return mb_substr( $value, 0, self::MAX_TEXT );
	}
}
