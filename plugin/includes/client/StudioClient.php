<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * The Studio Data studio API from PHP, for a studio's own systems: its bookings, a class's roster,
 * cancelling, its document and its webhooks. No WordPress inside: the sender is injected. Every
 * request carries the studio key in `Authorization: Bearer` (never in a URL).
 *
 *     $studio = new StudioClient('https://api.example.com', 'salsa-city', 'sdk_…', new StreamTransport(timeout: 10));
 *     $page   = $studio->bookings(array('from' => '2027-03-01', 'status' => 'confirmed'));
 *     $found  = $studio->bookings(array('q' => 'lucia perez'));
 *     $studio->cancel($page['bookings'][0]['reference']);
 *
 * Error answers become typed exceptions (Unauthorized, NotFound, InvalidArgument, Rejected,
 * RateLimited, Unavailable; all ApiError).
 */
final class StudioClient {
	private const KEY_PATTERN = '/^sdk_[A-Za-z0-9_-]{43}$/';
	private const QUERY_NAMES = array( 'from', 'to', 'status', 'classId', 'instructorId', 'q', 'limit', 'cursor' );

	private string $studioRoot;

	/**
	 * @param string $base_url  The server's base URL (`{base_url}`).
	 * @param string $studio_id The studio the key belongs to.
	 * @param string $key       The studio key, `sdk_…`.
	 */
	public function __construct( string $base_url, string $studio_id, private string $key, private Sender $sender ) {
		$base_url = rtrim( trim( $base_url ), '/' );
		if ( ! preg_match( '#^https?://[^/\s]+#i', $base_url ) ) {
			throw new InvalidArgument( 'The API base URL must be an http(s) address.', 'invalid_base_url' );
		}
		if ( ! preg_match( '/^[A-Za-z0-9_-]{1,64}$/', $studio_id ) ) {
			throw new InvalidArgument( 'A studio ID has 1 to 64 letters, digits, hyphens or underscores.', 'missing_studio_id' );
		}
		if ( ! self::isKey( $key ) ) {
			throw new InvalidArgument( 'A studio key starts with sdk_ and has 47 characters.', 'invalid_studio_key' );
		}
		$this->studioRoot = preg_replace( '#/api/(public|studio)$#', '', $base_url ) . '/api/studio/' . rawurlencode( $studio_id );
	}

	/** Whether a text has a studio key's shape. */
	public static function isKey( string $key ): bool {
		return 1 === preg_match( self::KEY_PATTERN, $key );
	}

	/**
	 * A page of bookings, newest change first: `bookings` and the `next` cursor (null on the last page).
	 * `q` finds them by the guest's name or email, or by reference (any case, accents or not).
	 *
	 * @param array<string,string|int> $query from, to, status, classId, instructorId, q, limit, cursor.
	 * @return array{bookings:list<array<string,mixed>>,next:?string}
	 */
	public function bookings( array $query = array() ): array {
		$page = $this->json( 'GET', '/bookings' . self::query( $query ) );
		return array(
			'bookings' => is_array( $page['bookings'] ?? null ) ? array_values( $page['bookings'] ) : array(),
			'next'     => is_string( $page['next'] ?? null ) ? $page['next'] : null,
		);
	}

	/**
	 * Every booking the query selects, following the cursors.
	 *
	 * @param array<string,string|int> $query As bookings(); `limit` is the page size.
	 * @param int                      $max_pages A bound on the requests made.
	 * @return list<array<string,mixed>>
	 */
	public function allBookings( array $query = array(), int $max_pages = 20 ): array {
		$all = array();
		for ( $pages = 0; $pages < $max_pages; $pages++ ) {
			$page = $this->bookings( $query );
			array_push( $all, ...$page['bookings'] );
			if ( null === $page['next'] ) {
				break;
			}
			$query['cursor'] = $page['next'];
		}
		return $all;
	}

	/**
	 * The bookings as CSV (RFC 4180, a header row first): every row the query selects.
	 *
	 * @param array<string,string|int> $query As bookings().
	 */
	public function bookingsCsv( array $query = array() ): string {
		$response = $this->request( 'GET', '/bookings' . self::query( $query ), null, 'text/csv' );
		return $response->body;
	}

	/** @return array<string,mixed> One booking, by its reference. */
	public function booking( string $reference ): array {
		return $this->json( 'GET', '/bookings/' . rawurlencode( self::required( $reference, 'missing_reference' ) ) )['booking'] ?? array();
	}

	/**
	 * The studio cancels a booking (the student is told). Cancelling again changes nothing.
	 *
	 * @return array{booking:array<string,mixed>,changed:bool}
	 */
	public function cancel( string $reference ): array {
		$answer = $this->json( 'POST', '/bookings/' . rawurlencode( self::required( $reference, 'missing_reference' ) ) . '/cancel' );
		return array(
			'booking' => is_array( $answer['booking'] ?? null ) ? $answer['booking'] : array(),
			'changed' => true === ( $answer['changed'] ?? null ),
		);
	}

	/**
	 * Who is booked (in the order the seats were taken) and who waits (in line), for one class or event.
	 *
	 * @return array{class:array<string,mixed>,booked:list<array<string,mixed>>,waiting:list<array<string,mixed>>}
	 */
	public function roster( string $class_id ): array {
		$roster = $this->json( 'GET', '/classes/' . rawurlencode( self::required( $class_id, 'missing_class_id' ) ) . '/roster' );
		return array(
			'class'   => is_array( $roster['class'] ?? null ) ? $roster['class'] : array(),
			'booked'  => is_array( $roster['booked'] ?? null ) ? array_values( $roster['booked'] ) : array(),
			'waiting' => is_array( $roster['waiting'] ?? null ) ? array_values( $roster['waiting'] ) : array(),
		);
	}

	/**
	 * Replaces the studio's catalog with a studio document (as `npm run import`).
	 *
	 * @param array<string,mixed> $document
	 * @return array<string,mixed> The import's summary: studioId, created, version, counts.
	 */
	public function putDocument( array $document ): array {
		return $this->json( 'PUT', '/document', $document );
	}

	/** @return list<array<string,mixed>> */
	public function webhooks(): array {
		return array_values( $this->json( 'GET', '/webhooks' )['webhooks'] ?? array() );
	}

	/**
	 * Registers a webhook; the answer holds its `secret`, shown this once.
	 *
	 * @param list<string> $events
	 * @return array<string,mixed>
	 */
	public function createWebhook( string $url, array $events ): array {
		return $this->json(
			'POST',
			'/webhooks',
			array(
				'url'    => $url,
				'events' => array_values( $events ),
			)
		);
	}

	public function deleteWebhook( string $webhook_id ): void {
		$this->request( 'DELETE', '/webhooks/' . rawurlencode( self::required( $webhook_id, 'missing_webhook_id' ) ), null );
	}

	/** @return list<array<string,mixed>> The webhook's recent calls, newest first. */
	public function deliveries( string $webhook_id ): array {
		return array_values( $this->json( 'GET', '/webhooks/' . rawurlencode( self::required( $webhook_id, 'missing_webhook_id' ) ) . '/deliveries' )['deliveries'] ?? array() );
	}

	/** @return array<string,mixed> The call, due again now. */
	public function retryDelivery( string $webhook_id, string $delivery_id ): array {
		$path = '/webhooks/' . rawurlencode( self::required( $webhook_id, 'missing_webhook_id' ) ) . '/deliveries/' . rawurlencode( self::required( $delivery_id, 'missing_delivery_id' ) ) . '/retry';
		return $this->json( 'POST', $path )['delivery'] ?? array();
	}

	/**
	 * @param array<string,mixed>|null $body
	 * @return array<string,mixed>
	 */
	private function json( string $method, string $path, ?array $body = null ): array {
		$response = $this->request( $method, $path, null === $body ? null : (string) json_encode( $body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
		$data     = json_decode( $response->body, true );
		if ( ! is_array( $data ) ) {
			throw new Unavailable( 'The studio API answered with something that is not the expected JSON.', 'invalid_response', $response->status );
		}
		return $data;
	}

	private function request( string $method, string $path, ?string $body, string $accept = 'application/json' ): HttpResponse {
		$headers = array(
			'Accept'        => $accept,
			'Authorization' => 'Bearer ' . $this->key,
		);
		if ( null !== $body ) {
			$headers['Content-Type'] = 'application/json';
		}
		$response = $this->sender->send( $method, $this->studioRoot . $path, $headers, $body );
		if ( $response->status >= 200 && $response->status < 300 ) {
			return $response;
		}
		throw Client::errorFrom( $response );
	}

	/** @param array<string,string|int> $query */
	private static function query( array $query ): string {
		$known = array_filter(
			array_intersect_key( $query, array_flip( self::QUERY_NAMES ) ),
			static fn ( $value ): bool => null !== $value && '' !== $value
		);
		return array() === $known ? '' : '?' . http_build_query( $known, '', '&', PHP_QUERY_RFC3986 );
	}

	private static function required( string $value, string $code ): string {
		if ( '' === trim( $value ) ) {
			throw new InvalidArgument( 'A path parameter is empty.', $code );
		}
		return $value;
	}
}
