<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * The Studio Data public API from PHP. No WordPress inside: the transport is injected.
 *
 *     $client = new Client('https://api.example.com', new StreamTransport(timeout: 3));
 *     $profile = $client->studioProfile('salsa-city');
 *     echo LocaleText::pick($profile['description'], 'es-MX');
 *
 * Answers are JSON-decoded into arrays; the JSON-encoded locale strings (`description` of profiles
 * and studio types, `bio` of people) are decoded into locale => text arrays. Error answers become
 * typed exceptions (NotFound, InvalidArgument, RateLimited, Unavailable; all ApiError).
 */
final class Client {
	use EndpointMethods;

	private string $apiRoot;

	/**
	 * @param string $base_url The server's base URL (`{base_url}` of the contract); a trailing
	 *                         `/api/public` is accepted too.
	 */
	public function __construct( string $base_url, private Transport $transport ) {
		$base_url = rtrim( trim( $base_url ), '/' );
		if ( ! preg_match( '#^https?://[^/\s]+#i', $base_url ) ) {
			throw new InvalidArgument( 'The API base URL must be an http(s) address.', 'invalid_base_url' );
		}
		$this->apiRoot = preg_replace( '#/api/public$#', '', $base_url ) . '/api/public';
	}

	public function apiRoot(): string {
		return $this->apiRoot;
	}

	/**
	 * The studio's calendar feed (iCalendar, to subscribe to), of one dance type or one instructor
	 * when given, and the two links that subscribe to it: `webcal` (Apple Calendar, Outlook, phones)
	 * and `google` (Google Calendar's add-by-URL).
	 *
	 * @return array{feed:string,webcal:string,google:string}
	 */
	public function calendarLinks( string $studio_id, ?string $dance_type = null, ?string $instructor = null ): array {
		return self::calendarLinksAt( $this->apiRoot, $studio_id, $dance_type, $instructor );
	}

	/** @return array{feed:string,webcal:string,google:string} */
	public static function calendarLinksAt( string $api_root, string $studio_id, ?string $dance_type = null, ?string $instructor = null ): array {
		$query = array_filter( array( 'type' => $dance_type, 'instructor' => $instructor ), static fn ( ?string $value ): bool => null !== $value && '' !== $value );
		$feed  = rtrim( $api_root, '/' ) . '/studio/' . rawurlencode( $studio_id ) . '/calendar.ics' . ( $query ? '?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ) : '' );
		$webcal = (string) preg_replace( '#^https?://#i', 'webcal://', $feed );
		return array(
			'feed'   => $feed,
			'webcal' => $webcal,
			'google' => 'https://calendar.google.com/calendar/render?cid=' . rawurlencode( $webcal ),
		);
	}

	public function get( Endpoint $endpoint, array $params ): array {
		return $this->fetch( $endpoint, $params )->data ?? array();
	}

	/**
	 * One window of a listing (classes, classes of a type, events, free lesson times) with the `from`
	 * of the windows before and after it, read from the answer's `Link` header.
	 *
	 * @param array<string,mixed> $params As for the endpoint's own method (studio_id, from, ...).
	 * @throws InvalidArgument When the endpoint lists no window.
	 * @throws ApiError
	 */
	public function window( Endpoint $endpoint, array $params ): Window {
		if ( ! $endpoint->takesFrom() ) {
			throw new InvalidArgument( sprintf( 'The %s endpoint lists no window.', $endpoint->value ), 'not_a_window', 0 );
		}
		$fetched = $this->fetch( $endpoint, $params );
		return new Window( $fetched->data ?? array(), $fetched->previous, $fetched->next );
	}

	/**
	 * A conditional GET: with the ETag of a copy you hold, a current copy gives `notModified`.
	 *
	 * @param array<string,mixed> $params
	 * @throws ApiError
	 */
	public function fetch( Endpoint $endpoint, array $params, ?string $etag = null ): Fetched {
		$headers = array( 'Accept' => 'application/json' );
		if ( null !== $etag && '' !== $etag ) {
			$headers['If-None-Match'] = $etag;
		}
		$response = $this->transport->get( $this->apiRoot . $endpoint->pathFor( $params ), $headers );

		if ( 304 === $response->status && null !== $etag ) {
			return new Fetched( null, $response->header( 'etag' ) ?? $etag, true );
		}
		if ( $response->status >= 200 && $response->status < 300 ) {
			$data = json_decode( $response->body, true );
			if ( ! is_array( $data ) || ( $endpoint->answersList() !== array_is_list( $data ) && array() !== $data ) ) {
				throw new Unavailable( 'The API answered with something that is not the expected JSON.', 'invalid_response', $response->status );
			}
			$windows = WindowLinks::read( $response->header( 'link' ) );
			return new Fetched( $endpoint->decode( $data ), $response->header( 'etag' ), false, $windows['previous'], $windows['next'] );
		}
		throw self::errorFrom( $response );
	}

	/** The typed error for a non-2xx answer, from its problem details when it has them. */
	public static function errorFrom( HttpResponse $response ): ApiError {
		$problem = json_decode( $response->body, true );
		$problem = is_array( $problem ) ? $problem : array();
		$code    = is_string( $problem['code'] ?? null ) ? $problem['code'] : 'http_' . $response->status;
		$message = is_string( $problem['detail'] ?? null ) ? $problem['detail']
			: ( is_string( $problem['title'] ?? null ) ? $problem['title'] : 'The API answered with status ' . $response->status . '.' );
		return match ( true ) {
			400 === $response->status => new InvalidArgument( $message, $code, 400 ),
			401 === $response->status => new Unauthorized( $message, $code, 401 ),
			in_array( $response->status, array( 409, 413, 415, 422 ), true ) => new Rejected( $message, $code, $response->status, self::problems( $problem ) ),
			404 === $response->status, 410 === $response->status => new NotFound( $message, $code, $response->status ),
			429 === $response->status => new RateLimited( $message, $code, 429, self::retryAfter( $response ) ),
			default                   => new Unavailable( $message, $code, $response->status ),
		};
	}

	/**
	 * The validation problems of a 422 (the studio API's `errors`), each a path and a message.
	 *
	 * @param array<string,mixed> $problem
	 * @return list<array{path:string,message:string}>
	 */
	private static function problems( array $problem ): array {
		$listed = array();
		foreach ( is_array( $problem['errors'] ?? null ) ? $problem['errors'] : array() as $entry ) {
			if ( is_array( $entry ) && is_string( $entry['path'] ?? null ) && is_string( $entry['message'] ?? null ) ) {
				$listed[] = array(
					'path'    => $entry['path'],
					'message' => $entry['message'],
				);
			}
		}
		return $listed;
	}

	private static function retryAfter( HttpResponse $response ): ?int {
		$value = $response->header( 'retry-after' );
		return null !== $value && ctype_digit( trim( $value ) ) ? (int) $value : null;
	}
}
