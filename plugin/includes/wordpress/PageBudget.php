<?php
namespace StudioData\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * The time one page view (one PHP request) may spend waiting for the API, all calls together. Each
 * call gets what is left as its timeout; once a call has failed without an answer (it timed out or
 * could not connect), the view makes no other: a view waits for at most one call that hangs.
 */
final class PageBudget {
	/** Below this, a call is not worth starting. */
	private const SMALLEST_CALL_SECONDS = 0.1;

	private float $spent = 0.0;
	private bool $failed = false;

	public function __construct( private float $seconds ) {
	}

	public function allowsCall(): bool {
		return ! $this->failed && $this->remaining() >= self::SMALLEST_CALL_SECONDS;
	}

	/** Seconds left for calls. */
	public function remaining(): float {
		return max( 0.0, $this->seconds - $this->spent );
	}

	/** Records a call's duration, and whether it ended without an answer. */
	public function record( float $seconds, bool $unanswered ): void {
		$this->spent += max( 0.0, $seconds );
		$this->failed = $this->failed || $unanswered;
	}

	/** A new view (tests run many in one process). */
	public function restart(): void {
		$this->spent  = 0.0;
		$this->failed = false;
	}
}
