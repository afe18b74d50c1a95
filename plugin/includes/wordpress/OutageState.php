<?php
namespace StudioData\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * What every PHP process of the site knows about the API at this moment, in shared slots (the object
 * cache when the site has a persistent one, option rows otherwise), read afresh at each question so a
 * request already running sees what another has just learnt:
 *
 * - "down until T": the API failed (timeout, network error, 5xx, 429); until T nobody calls it, the
 *   last good copies are served.
 * - "a call is out": one process is asking the API to renew a copy. Others that hold a last good
 *   copy serve it instead of calling too, so a hanging API holds one page view, not every one open.
 */
final class OutageState {
	private const DOWN = 'studio_data_api_down';
	private const CALL = 'studio_data_api_call';

	public function __construct( private SharedSlots $slots, private string $api_root ) {
	}

	/** The state of the site's API, in the object cache when there is a persistent one, else in option rows. */
	public static function forSite( string $api_root ): self {
		return new self( wp_using_ext_object_cache() ? new ObjectCacheSlots() : new OptionRowSlots(), $api_root );
	}

	/**
	 * The failure the API is down for, while it lasts.
	 *
	 * @return array<string,mixed>|null The error (as Bridge caches errors), or null when the API may be asked.
	 */
	public function downError( int $now ): ?array {
		$state = json_decode( (string) $this->slots->read( self::DOWN ), true );
		if ( ! is_array( $state ) || ( $state['api'] ?? null ) !== $this->api_root || (int) ( $state['until'] ?? 0 ) <= $now || ! is_array( $state['error'] ?? null ) ) {
			return null;
		}
		return $state['error'];
	}

	/** @param array<string,mixed> $error */
	public function markDown( array $error, int $now, int $seconds ): void {
		$state = array(
			'api'   => $this->api_root,
			'until' => $now + $seconds,
			'error' => $error,
		);
		$this->slots->write( self::DOWN, (string) wp_json_encode( $state ), $seconds );
	}

	/** Whether this process may call the API now (no other call is out); the claim lasts $seconds at most. */
	public function claimCall( int $now, int $seconds ): bool {
		return $this->slots->claim( self::CALL, $now, $now + max( 1, $seconds ) );
	}

	public function endCall(): void {
		$this->slots->clear( self::CALL );
	}

	/** Forgets the outage and any call out (after a settings change: the next view asks the API). */
	public function forget(): void {
		$this->slots->clear( self::DOWN );
		$this->slots->clear( self::CALL );
	}
}
