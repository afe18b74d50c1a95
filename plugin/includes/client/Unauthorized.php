<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/** The studio key is missing, unknown or revoked (401 `unauthorized`). */
final class Unauthorized extends ApiError {
}
