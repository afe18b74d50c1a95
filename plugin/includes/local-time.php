<?php
/**
 * A studio-local date and wall time as an instant, by the contract's rule (RFC 5545's and Temporal's
 * "compatible"), the rule the API lists classes by: a time the clocks pass twice (the night they go
 * back) is the first of the two; a time they skip (the night they go forward) moves forward by the
 * gap, so 02:30 reads 03:30. PHP's own reading of a repeated time is the second one, an hour late.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * The instant of a local date (Y-m-d) and time (H:i) in the zone, in that zone; null if unreadable.
 */
function studio_data_local_instant( string $date, string $time, DateTimeZone $zone ): ?DateTimeImmutable {
	$wall = DateTimeImmutable::createFromFormat( '!Y-m-d H:i', $date . ' ' . $time, new DateTimeZone( 'UTC' ) );
	if ( false === $wall || $wall->format( 'Y-m-d H:i' ) !== $date . ' ' . $time ) {
		return null;
	}
	$wall_as_utc = $wall->getTimestamp();
	$offset_at   = static fn ( int $instant ): int => $zone->getOffset( new DateTimeImmutable( '@' . $instant ) );
	// A zone changes its offset at most once within a day and a half: the offsets on either side are the only candidates.
	$before    = $offset_at( $wall_as_utc - 36 * HOUR_IN_SECONDS );
	$after     = $offset_at( $wall_as_utc + 36 * HOUR_IN_SECONDS );
	$instants  = array();
	foreach ( array_unique( array( $before, $after ) ) as $offset ) {
		if ( $offset_at( $wall_as_utc - $offset ) === $offset ) {
			$instants[] = $wall_as_utc - $offset;
		}
	}
	$instant = array() === $instants ? $wall_as_utc - $before : min( $instants );
	return ( new DateTimeImmutable( '@' . $instant ) )->setTimezone( $zone );
}
