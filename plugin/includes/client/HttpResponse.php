<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/** An HTTP answer as the client needs it: status, lower-cased headers, body. */
final class HttpResponse {
	/** @var array<string,string> */
	public readonly array $headers;

	/**
	 * @param array<string,string> $headers Header names in any case.
	 */
	public function __construct( public readonly int $status, array $headers, public readonly string $body ) {
		$this->headers = array_change_key_case( $headers, CASE_LOWER );
	}

	public function header( string $name ): ?string {
		return $this->headers[ strtolower( $name ) ] ?? null;
	}
}
