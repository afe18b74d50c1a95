<?php
namespace StudioData\WordPress;

use StudioData\Client\ApiError;
use StudioData\Client\Client;
use StudioData\Client\Endpoint;
use StudioData\Client\EndpointMethods;
use StudioData\Client\NotFound;
use StudioData\Client\InvalidArgument;
use StudioData\Client\RateLimited;
use StudioData\Client\Unavailable;

defined( 'ABSPATH' ) || exit;

/**
 * The client inside WordPress: every answer is sanitized and cached, and an API that fails or hangs
 * costs pages as little as can be.
 *
 * - Fresh copy: a transient living `cache_ttl` seconds. While it lives the API is not asked.
 * - Last good copy: with its ETag. When the fresh copy has expired the API is asked with
 *   `If-None-Match`; a 304 renews the fresh copy from it. When the API is down, slow or failing, the
 *   last good copy is served, so a page never breaks because of it. Answers without a date (profile,
 *   "from today" windows) keep it in an option without expiry (not autoloaded): there is a fixed
 *   number of them. A dated window (`from` given) keeps it in a transient that expires
 *   DATED_COPY_GRACE_DAYS after the window ends, so dated keys, which change every day, do not pile up.
 * - Outage: when the API fails without a usable answer (timeout, network error, 5xx, 429), the whole
 *   API is "down" for error_ttl seconds (a 429 no longer than its Retry-After) in OutageState, which
 *   every PHP process reads afresh: requests already running stop calling too. Meanwhile last good
 *   copies (or the error) are served without a request.
 * - One call out at a time: a view holding a last good copy asks the API only if no other view is
 *   asking it right now (an atomic claim in OutageState); otherwise it serves the copy. So an API
 *   that hangs holds one page view, whatever the number of simultaneous visitors.
 * - Page budget: a view spends at most PageBudget's seconds on the API, all calls together, and
 *   makes no call after one that failed without an answer.
 *
 * A 404 or 400 is an answer, not an outage: the last good copy is not served for it (the studio or
 * type is gone, or the argument is wrong). It is remembered for error_ttl in one transient holding
 * at most RECENT_ANSWERS_MAX of them (oldest dropped), so it is remembered across requests without a
 * persistent object cache, and unknown names sent by anyone add no rows to the options table.
 */
final class Bridge {
	use EndpointMethods;

	private const PREFIX = 'studio_data_';

	/** Days a dated window's last good copy outlives the window's end. */
	public const DATED_COPY_GRACE_DAYS = 7;

	/** How many 404/400 answers are remembered at once. */
	private const RECENT_ANSWERS_MAX = 200;

	private OutageState $outage;

	public function __construct( private Client $client, private int $ttl, private int $error_ttl, private PageBudget $budget, ?OutageState $outage = null ) {
		$this->outage = $outage ?? OutageState::forSite( $client->apiRoot() );
	}

	/** The API this bridge asks (its /api/public root). */
	public function apiRoot(): string {
		return $this->client->apiRoot();
	}

	public function get( Endpoint $endpoint, array $params ): array {
		$key        = $this->cacheKey( $endpoint, $params );
		$generation = self::generation();
		$fresh_key  = self::PREFIX . 'f_' . $key . '_' . $generation;
		$answers    = self::PREFIX . 'e_answers_' . $generation;
		$dated_end  = $endpoint->takesFrom() ? self::windowEnd( $params['from'] ?? null ) : null;

		$fresh = get_transient( $fresh_key );
		if ( is_array( $fresh ) && isset( $fresh['data'] ) ) {
			return $fresh['data'];
		}
		$last_good = null === $dated_end ? get_option( self::PREFIX . 'lg_' . $key ) : get_transient( self::PREFIX . 'lg_' . $key );
		$last_good = is_array( $last_good ) && isset( $last_good['data'] ) && is_array( $last_good['data'] ) ? $last_good : null;

		$remembered = self::recentAnswer( $answers, $key );
		if ( is_array( $remembered ) ) {
			return $this->afterFailure( self::errorFromCache( $remembered ), $last_good );
		}
		$down = $this->outage->downError( time() );
		if ( is_array( $down ) ) {
			return $this->afterFailure( self::errorFromCache( $down ), $last_good );
		}
		if ( ! $this->budget->allowsCall() ) {
			// Not an outage: this view has had its time (or its one call that hung).
			return $this->afterFailure( new Unavailable( 'The page has spent its time for the API.', 'timeout' ), $last_good );
		}
		// Without a copy to serve, the view calls anyway (its budget bounds the wait).
		$claimed = null !== $last_good;
		if ( $claimed && ! $this->outage->claimCall( time(), (int) ceil( $this->budget->remaining() ) + 1 ) ) {
			// Another view is asking the API right now: the copy it renews is served meanwhile.
			return $last_good['data'];
		}
		if ( $claimed ) {
			// The view that held the claim may have marked the API down just before letting it go.
			$down = $this->outage->downError( time() );
			if ( is_array( $down ) ) {
				$this->outage->endCall();
				return $this->afterFailure( self::errorFromCache( $down ), $last_good );
			}
		}

		try {
			$fetched = $this->client->fetch( $endpoint, $params, $last_good['etag'] ?? null );
		} catch ( ApiError $error ) {
			if ( $error instanceof Unavailable ) {
				$this->outage->markDown( self::errorToCache( $error ), time(), $this->outageTtl( $error ) );
			} else {
				$this->rememberAnswer( $answers, $key, $error );
			}
			return $this->afterFailure( $error, $last_good );
		} finally {
			if ( $claimed ) {
				$this->outage->endCall();
			}
		}

		$data = $fetched->notModified && null !== $last_good ? $last_good['data'] : RemoteSanitizer::clean( $fetched->data ?? array(), $endpoint->answersList() );
		set_transient( $fresh_key, array( 'data' => $data ), $this->ttl );
		$copy = array(
			'data'       => $data,
			'etag'       => $fetched->etag,
			'fetched_at' => time(),
		);
		if ( null === $dated_end ) {
			update_option( self::PREFIX . 'lg_' . $key, $copy, false );
		} else {
			set_transient( self::PREFIX . 'lg_' . $key, $copy, max( DAY_IN_SECONDS, $dated_end + self::DATED_COPY_GRACE_DAYS * DAY_IN_SECONDS - time() ) );
		}
		return $data;
	}

	/** The end of a dated 7-day window (a Unix time), or null for "from today" (no date). */
	private static function windowEnd( mixed $from ): ?int {
		if ( ! is_string( $from ) || '' === $from ) {
			return null;
		}
		$start = strtotime( $from . ' 00:00:00 UTC' );
		return false === $start ? null : $start + 7 * DAY_IN_SECONDS;
	}

	/** An outage lasts error_ttl; a 429 no longer than the API's Retry-After. */
	private function outageTtl( Unavailable $error ): int {
		if ( $error instanceof RateLimited && null !== $error->retryAfter ) {
			return max( 1, min( $this->error_ttl, $error->retryAfter ) );
		}
		return $this->error_ttl;
	}

	/** @return array<string,mixed>|null A 404/400 answer remembered for this key, if still fresh. */
	private static function recentAnswer( string $answers_key, string $key ): ?array {
		$answers = get_transient( $answers_key );
		$answer  = is_array( $answers ) ? ( $answers[ $key ] ?? null ) : null;
		return is_array( $answer ) && ( $answer['until'] ?? 0 ) > time() ? $answer['error'] : null;
	}

	private function rememberAnswer( string $answers_key, string $key, ApiError $error ): void {
		$answers = get_transient( $answers_key );
		$answers = is_array( $answers ) ? array_filter( $answers, static fn ( $answer ) => is_array( $answer ) && ( $answer['until'] ?? 0 ) > time() ) : array();
		unset( $answers[ $key ] );
		$answers[ $key ] = array(
			'error' => self::errorToCache( $error ),
			'until' => time() + $this->error_ttl,
		);
		set_transient( $answers_key, array_slice( $answers, -self::RECENT_ANSWERS_MAX, null, true ), $this->error_ttl );
	}

	/**
	 * Forgets fresh copies, remembered errors and the outage (after a settings change, or to force revalidation);
	 * last good copies stay, so the site keeps working if the API is down at that moment. Fresh copies
	 * and errors carry a generation number in their names: a new generation makes them unreachable
	 * (they expire on their own), with or without a persistent object cache.
	 */
	public static function flushFresh(): void {
		update_option( self::PREFIX . 'cache_generation', self::generation() + 1, true );
		OutageState::forSite( '' )->forget();
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
		if ( isset( $relevant['type_name'] ) ) {
			// The API matches type names case-insensitively: one spelling, one cache entry.
			$relevant['type_name'] = mb_strtolower( $relevant['type_name'] );
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
