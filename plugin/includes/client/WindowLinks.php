<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * The windows before and after a listing, as its answer's `Link` header names them
 * (`<…?from=2026-03-16>; rel="prev", <…?from=2026-03-30>; rel="next"`): the `from` of each, the
 * studio's wall-clock time, to ask for that window as it is. No week arithmetic on the client.
 */
final class WindowLinks {
	/** @return array{previous:?string,next:?string} */
	public static function read( ?string $link ): array {
		$windows = array(
			'previous' => null,
			'next'     => null,
		);
		if ( null === $link || '' === $link ) {
			return $windows;
		}
		preg_match_all( '/<([^>]+)>\s*;\s*rel="?([a-z ]+)"?/i', $link, $matches, PREG_SET_ORDER );
		foreach ( $matches as $match ) {
			parse_str( (string) parse_url( $match[1], PHP_URL_QUERY ), $query );
			$from = $query['from'] ?? null;
			if ( ! is_string( $from ) || '' === $from ) {
				continue;
			}
			$rels = explode( ' ', strtolower( $match[2] ) );
			if ( in_array( 'next', $rels, true ) ) {
				$windows['next'] = $from;
			}
			if ( in_array( 'prev', $rels, true ) || in_array( 'previous', $rels, true ) ) {
				$windows['previous'] = $from;
			}
		}
		return $windows;
	}
}
