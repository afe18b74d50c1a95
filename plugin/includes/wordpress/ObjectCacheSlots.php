<?php
namespace StudioData\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * Shared slots in the site's persistent object cache (Redis, Memcached…), which every PHP process
 * shares. wp_cache_add() stores only when the key is absent, atomically in those backends, and a
 * claim's key expires when the claim does.
 */
final class ObjectCacheSlots implements SharedSlots {
	private const GROUP = 'studio_data_shared';

	public function read( string $name ): ?string {
		$value = wp_cache_get( $name, self::GROUP, true );
		return is_string( $value ) ? $value : null;
	}

	public function write( string $name, string $value, int $ttl ): void {
		wp_cache_set( $name, $value, self::GROUP, max( 1, $ttl ) );
	}

	public function claim( string $name, int $now, int $until ): bool {
		return wp_cache_add( $name, (string) $until, self::GROUP, max( 1, $until - $now ) );
	}

	public function clear( string $name ): void {
		wp_cache_delete( $name, self::GROUP );
	}
}
