<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * One window of a listing (a week of classes or events, an instructor's free times) with the `from`
 * of the windows before and after it, as the server's `Link` header names them: pass `next` (or
 * `previous`) as the next call's `from` to turn the page.
 *
 *     $week = $client->window( Endpoint::Classes, array( 'studio_id' => 'salsa-city' ) );
 *     $next = $client->window( Endpoint::Classes, array( 'studio_id' => 'salsa-city', 'from' => $week->next ) );
 */
final class Window {
	/**
	 * @param list<array<string,mixed>> $entries Decoded entries, as the endpoint's own method answers them.
	 */
	public function __construct(
		public readonly array $entries,
		public readonly ?string $previous,
		public readonly ?string $next
	) {
	}
}
