<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/** 429: too many requests; `retryAfter` is the server's Retry-After in seconds, when given. */
class RateLimited extends Unavailable {
	public function __construct( string $message, string $problem_code, int $status, public readonly ?int $retryAfter = null ) {
		parent::__construct( $message, $problem_code, $status );
	}
}
