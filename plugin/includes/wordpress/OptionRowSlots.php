<?php
namespace StudioData\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * Shared slots as rows of the options table, for sites without a persistent object cache. Read with
 * a query of their own every time: get_option() would answer from the request's cache (and its
 * "no such option" memory), so a request already running would not see what another one wrote.
 * A claim is one INSERT … ON DUPLICATE KEY UPDATE whose condition the database checks under its row
 * lock: the row changes (1 or 2 rows affected) for one process only. Rows are not autoloaded.
 */
final class OptionRowSlots implements SharedSlots {
	public function read( string $name ): ?string {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- past the options cache on purpose (see above).
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", $name ) );
		return is_string( $value ) ? $value : null;
	}

	public function write( string $name, string $value, int $ttl ): void {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- one statement whatever the row's state; no options cache to keep.
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)", $name, $value ) );
	}

	public function claim( string $name, int $now, int $until ): bool {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- an atomic compare-and-set, which the options API has not.
		$changed = $wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')
				ON DUPLICATE KEY UPDATE option_value = IF(CAST(option_value AS UNSIGNED) <= %d, VALUES(option_value), option_value)",
				$name,
				(string) $until,
				$now
			)
		);
		return is_int( $changed ) && $changed > 0;
	}

	public function clear( string $name ): void {
		global $wpdb;
		// An UPDATE, not an upsert: clearing a slot nobody ever used adds no row.
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- past the options cache on purpose (see above).
		$wpdb->query( $wpdb->prepare( "UPDATE {$wpdb->options} SET option_value = '0' WHERE option_name = %s", $name ) );
	}
}
