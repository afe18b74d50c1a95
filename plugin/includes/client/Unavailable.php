<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * The API could not answer now: 5xx, network error, timeout or an unreadable answer. Worth retrying
 * later; a cache may serve its last good copy instead.
 */
class Unavailable extends ApiError {
}
