<?php
namespace StudioData\WordPress;

use StudioData\Client\ApiError;
use StudioData\Client\Client;
use StudioData\Client\Endpoint;
use StudioData\Client\EndpointMethods;
use StudioData\Client\NotFound;
use StudioData\Client\InvalidArgument;
use StudioData\Client\Unavailable;

defined( 'ABSPATH' ) || exit;

/**
 * The client inside WordPress: every answer is sanitized, then cached three ways.
 *
 * - Fresh copy: a transient living `cache_ttl` seconds. While it lives the API is not asked.
 * - Last good copy: an option without expiry (not autoloaded), with its ETag. When the fresh copy has
 *   expired the API is asked with `If-None-Match`; a 304 renews the fresh copy from it. When the API
 *   is down, slow or failing, the last good copy is served, so a page never breaks because of it.
 * - Error: a short transient (error_ttl) remembering a failure, so a failing API is not asked again
 *   on every page view; during it the last good copy (or the error) is served without a request.
 *   An outage (timeout, network error, 5xx, 429) is remembered for the whole API, not per answer:
 *   a page that needs five answers from a dead API waits for one timeout, not five.
 *
 * A 404 or 400 is an answer, not an outage: the last good copy is not served for it (the studio or
 * type is gone, or the argument is wrong). It is remembered briefly in the object cache only (across
 * requests with a persistent object cache, else for the request): the public REST routes take type
 * names from anyone, and each unknown one must not leave rows in the options table.
 */
final class Bridge {
	use EndpointMethods;

	private const PREFIX = 'studio_data_';

	public function __construct( private Client $client, private int $ttl, private int $error_ttl ) {
	}

	public function get( Endpoint $endpoint, array $params ): array {
		$key        = $this->cacheKey( $endpoint, $params );
		$generation = self::generation();
		$fresh_key  = self::PREFIX . 'f_' . $key . '_' . $generation;
		$error_key  = self::PREFIX . 'e_' . $key . '_' . $generation;
		$outage_key = self::PREFIX . 'e_api_' . md5( $this->client->apiRoot() ) . '_' . $generation;

		$fresh = get_transient( $fresh_key );
		if ( is_array( $fresh ) && isset( $fresh['data'] ) ) {
			return $fresh['data'];
		}
		$last_good = get_option( self::PREFIX . 'lg_' . $key );
		$last_good = is_array( $last_good ) && isset( $last_good['data'] ) && is_array( $last_good['data'] ) ? $last_good : null;

		$recent_error = get_transient( $outage_key );
		$recent_error = is_array( $recent_error ) ? $recent_error : wp_cache_get( $error_key, 'studio_data' );
		if ( is_array( $recent_error ) ) {
			return $this->afterFailure( self::errorFromCache( $recent_error ), $last_good );
		}

		try {
			$fetched = $this->client->fetch( $endpoint, $params, $last_good['etag'] ?? null );
		} catch ( ApiError $error ) {
			if ( $error instanceof Unavailable ) {
				set_transient( $outage_key, self::errorToCache( $error ), $this->error_ttl );
			} else {
				wp_cache_set( $error_key, self::errorToCache( $error ), 'studio_data', $this->error_ttl );
			}
			return $this->afterFailure( $error, $last_good );
		}

		$data = $fetched->notModified && null !== $last_good ? $last_good['data'] : RemoteSanitizer::clean( $fetched->data ?? array() );
		set_transient( $fresh_key, array( 'data' => $data ), $this->ttl );
		update_option(
			self::PREFIX . 'lg_' . $key,
			array(
				'data'       => $data,
				'etag'       => $fetched->etag,
				'fetched_at' => time(),
			),
			false
		);
		return $data;
	}

	/**
	 * Forgets fresh copies and remembered errors (after a settings change, or to force revalidation);
	 * last good copies stay, so the site keeps working if the API is down at that moment. Fresh copies
	 * and errors carry a generation number in their names: a new generation makes them unreachable
	 * (they expire on their own), with or without a persistent object cache.
	 */
	public static function flushFresh(): void {
		update_option( self::PREFIX . 'cache_generation', self::generation() + 1, true );
	}

	private static function generation(): int {
		return (int) get_option( self::PREFIX . 'cache_generation', 0 );
	}

	/** @return array<mixed> */
	private function afterFailure( ApiError $error, ?array $last_good ): array {
		if ( null !== $last_good && $error instanceof Unavailable ) {
			return $last_good['data'];
		}
		throw $error;
	}

	/** @param array<string,mixed> $params */
	private function cacheKey( Endpoint $endpoint, array $params ): string {
		$relevant = array();
		foreach ( array_merge( $endpoint->pathParameters(), $endpoint->takesFrom() ? array( 'from' ) : array() ) as $name ) {
			$relevant[ $name ] = isset( $params[ $name ] ) && is_scalar( $params[ $name ] ) ? (string) $params[ $name ] : '';
		}
		return md5( $this->client->apiRoot() . '|' . $endpoint->value . '|' . wp_json_encode( $relevant ) );
	}

	/** @return array<string,mixed> */
	private static function errorToCache( ApiError $error ): array {
		return array(
			'type'    => $error::class,
			'message' => $error->getMessage(),
			'code'    => $error->problemCode,
			'status'  => $error->status,
		);
	}

	/** @param array<string,mixed> $cached */
	private static function errorFromCache( array $cached ): ApiError {
		$message = (string) ( $cached['message'] ?? '' );
		$code    = (string) ( $cached['code'] ?? 'unavailable' );
		$status  = (int) ( $cached['status'] ?? 0 );
		return match ( $cached['type'] ?? '' ) {
			NotFound::class        => new NotFound( $message, $code, $status ),
			InvalidArgument::class => new InvalidArgument( $message, $code, $status ),
			default                => new Unavailable( $message, $code, $status ),
		};
	}
}
