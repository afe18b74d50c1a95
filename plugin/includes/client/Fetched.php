<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * The result of a conditional fetch: either new data with its ETag, or "not modified" (the copy
 * whose ETag was sent is still current). A listing of a window also names the `from` of the windows
 * before and after it (its `Link` header: WindowLinks).
 */
final class Fetched {
	/**
	 * @param array<mixed>|null $data Decoded data; null when not modified.
	 */
	public function __construct(
		public readonly ?array $data,
		public readonly ?string $etag,
		public readonly bool $notModified = false,
		public readonly ?string $previous = null,
		public readonly ?string $next = null
	) {
	}
}
