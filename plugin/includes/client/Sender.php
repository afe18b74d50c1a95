<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * How the studio client reaches the studio API: any method, with a body. Injected like Transport
 * (StreamTransport and the plugin's WpTransport implement both).
 */
interface Sender {
	/**
	 * Sends a request and answers the response, whatever its status.
	 *
	 * @param string               $method  GET, PUT, POST or DELETE.
	 * @param string               $url     Absolute URL.
	 * @param array<string,string> $headers Request headers.
	 * @param string|null          $body    The request body (JSON), or null for none.
	 * @throws Unavailable When no HTTP answer arrives (network error, timeout).
	 */
	public function send( string $method, string $url, array $headers, ?string $body ): HttpResponse;
}
