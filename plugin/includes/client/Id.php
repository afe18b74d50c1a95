<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * The ids of the public API (studios, people, classes, events): 1 to 64 letters, digits, hyphens or
 * underscores, as the server reads them (server/src/domain/ids.ts; a test holds the two equal). The
 * REST proxy's routes, the settings, the renderers and the answers' cleaning all ask this one rule.
 */
final class Id {
	/** Unanchored, for building route and JSON Schema patterns around. */
	public const PATTERN = '[A-Za-z0-9_-]{1,64}';

	/** True when the whole value is an id (`D`: a trailing line break is not let through, as `$` alone would). */
	public static function isValid( string $value ): bool {
		return 1 === preg_match( '/^' . self::PATTERN . '$/D', $value );
	}
}
