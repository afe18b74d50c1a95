<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * The studio API understood the request and refused it: a booking whose class has started (409), a
 * body too large (413) or not JSON (415), a document or webhook with problems (422, each in `problems`).
 */
final class Rejected extends ApiError {
	/**
	 * @param list<array{path:string,message:string}> $problems
	 */
	public function __construct( string $message, string $problem_code, int $status, public readonly array $problems = array() ) {
		parent::__construct( $message, $problem_code, $status );
	}
}
