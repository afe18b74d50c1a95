<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * Locale maps (locale code => text) and the contract's fallback (decisions.md, "Locales"): the exact
 * code, then its language (es-MX → es), then the studio default, then the first text present. The
 * rule's test vectors are contract/locale-fallback-vectors.json, which the TS client and the server
 * pass too.
 */
final class LocaleText {
	/**
	 * A locale map from the API: a JSON-encoded string (profiles, instructors), a real object
	 * (classes, packages, questions) or null. Anything unreadable gives an empty map.
	 *
	 * @return array<string,string>
	 */
	public static function decodeMap( mixed $value ): array {
		if ( is_string( $value ) ) {
			$value = json_decode( $value, true );
		}
		if ( ! is_array( $value ) ) {
			return array();
		}
		$map = array();
		foreach ( $value as $code => $text ) {
			if ( is_string( $code ) && is_string( $text ) ) {
				$map[ $code ] = $text;
			}
		}
		return $map;
	}

	/**
	 * The text for a locale, by the contract's fallback. Texts of spaces only count as absent; of two
	 * codes that differ only in letter case, the first in the map counts.
	 *
	 * @param array<string,string>|null $map
	 */
	public static function pick( ?array $map, ?string $locale, ?string $studio_default = null ): string {
		$texts = array();
		foreach ( $map ?? array() as $code => $text ) {
			$normalized = self::normalize( (string) $code );
			if ( is_string( $text ) && '' !== trim( $text ) && ! isset( $texts[ $normalized ] ) ) {
				$texts[ $normalized ] = $text;
			}
		}
		if ( array() === $texts ) {
			return '';
		}
		foreach ( array( $locale, $studio_default ) as $wanted ) {
			if ( null === $wanted || '' === $wanted ) {
				continue;
			}
			$code = self::normalize( $wanted );
			if ( isset( $texts[ $code ] ) ) {
				return $texts[ $code ];
			}
			$language = self::language( $code );
			if ( isset( $texts[ $language ] ) ) {
				return $texts[ $language ];
			}
		}
		return reset( $texts );
	}

	/** The language part of a tag: es-MX → es. */
	public static function language( string $locale ): string {
		return explode( '-', self::normalize( $locale ) )[0];
	}

	/** Tags compare case-insensitively, with _ read as - (WordPress writes es_MX). */
	private static function normalize( string $locale ): string {
		return strtolower( str_replace( '_', '-', trim( $locale ) ) );
	}
}
