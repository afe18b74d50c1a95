<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/** 400 (`invalid_from`), or an argument the client refuses before asking (an empty studio id). */
class InvalidArgument extends ApiError {
}
