<?php
/**
 * Renderer arguments as shortcodes and blocks give them (strings, lists, numbers), read
 * into plain values within bounds.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * A list argument: an array, or a comma-separated string (shortcode attributes).
 *
 * @return list<string>
 */
function studio_data_list_arg( mixed $value ): array {
	if ( is_string( $value ) ) {
		$value = explode( ',', $value );
	}
	if ( ! is_array( $value ) ) {
		return array();
	}
	$items = array();
	foreach ( $value as $item ) {
		if ( is_scalar( $item ) && '' !== trim( (string) $item ) ) {
			$items[] = trim( (string) $item );
		}
	}
	return array_values( array_unique( $items ) );
}

/** A field shown or compared as text: a string or number as text, anything else (a list, null) as ''. */
function studio_data_scalar_text( mixed $value ): string {
	return is_scalar( $value ) ? (string) $value : '';
}

/** A boolean argument: true/false, or "true", "1", "yes" and their opposites. */
function studio_data_bool_arg( mixed $value, bool $fallback ): bool {
	if ( is_bool( $value ) ) {
		return $value;
	}
	if ( is_scalar( $value ) ) {
		$parsed = filter_var( $value, FILTER_VALIDATE_BOOLEAN, FILTER_NULL_ON_FAILURE );
		return $parsed ?? $fallback;
	}
	return $fallback;
}

/** An integer argument within bounds. */
function studio_data_int_arg( mixed $value, int $fallback, int $min, int $max ): int {
	$number = is_numeric( $value ) ? (int) $value : $fallback;
	return max( $min, min( $max, $number ) );
}

/** A real calendar date Y-m-d, or null. */
function studio_data_date_arg( mixed $value ): ?string {
	if ( ! is_string( $value ) || ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $value, $parts ) ) {
		return null;
	}
	return checkdate( (int) $parts[2], (int) $parts[3], (int) $parts[1] ) ? $value : null;
}

/**
 * Keeps the items whose id is listed, in the order of the list; all items when the list is empty.
 *
 * @param list<array<string,mixed>> $items
 * @param list<string>              $ids
 * @return list<array<string,mixed>>
 */
function studio_data_pick_ids( array $items, array $ids ): array {
	if ( array() === $ids ) {
		return $items;
	}
	$by_id = array();
	foreach ( $items as $item ) {
		$by_id[ (string) ( $item['id'] ?? '' ) ] = $item;
	}
	return array_values( array_filter( array_map( static fn ( $id ) => $by_id[ $id ] ?? null, $ids ) ) );
}
