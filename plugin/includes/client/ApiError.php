<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * An answer that is not the data asked for. Carries the API's problem details: `problemCode` is the
 * contract's `code` (studio_not_found, invalid_from, unavailable, ...), or one of the client's own
 * (network_error, timeout, invalid_response) when no problem document arrived.
 */
class ApiError extends \RuntimeException {
	public function __construct(
		string $message,
		public readonly string $problemCode,
		public readonly int $status = 0,
		?\Throwable $previous = null
	) {
		parent::__construct( $message, $status, $previous );
	}
}
