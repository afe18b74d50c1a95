<?php
namespace StudioData\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * Small values every PHP process of the site sees at once: read past any per-request cache, and
 * one of them (a time until which it is held) claimed atomically, so two processes never both win.
 */
interface SharedSlots {
	/** The slot's value as stored now, or null when it has none. */
	public function read( string $name ): ?string;

	/** Stores a value for $ttl seconds (at least). */
	public function write( string $name, string $value, int $ttl ): void;

	/**
	 * Holds the slot until $until, only if nobody holds it at $now: true for exactly one of the
	 * processes that try at the same moment.
	 */
	public function claim( string $name, int $now, int $until ): bool;

	/** Empties the slot (a claim ends, a state is forgotten). */
	public function clear( string $name ): void;
}
