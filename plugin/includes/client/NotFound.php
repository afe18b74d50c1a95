<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/** 404: unknown studio, user or dance type (`studio_not_found`, `user_not_found`, `dance_type_not_found`, `not_found`). */
class NotFound extends ApiError {
}
