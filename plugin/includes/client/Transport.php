<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * How the client reaches the API. Injected so the same client runs on wp_remote_get inside
 * WordPress and on PHP streams (or anything else) outside it.
 */
interface Transport {
	/**
	 * Sends a GET request.
	 *
	 * @param string               $url     Absolute URL.
	 * @param array<string,string> $headers Request headers.
	 * @throws Unavailable When no HTTP answer arrives (network error, timeout).
	 */
	public function get( string $url, array $headers ): HttpResponse;
}
