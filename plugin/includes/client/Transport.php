<?php
namespace StudioData\Client;

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
