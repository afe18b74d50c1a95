<?php
/**
 * Dates in the studio's time zone: its zone, today there, day headings, and the `from` of a
 * window the API is asked for.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** The studio's time zone (UTC if the API gave none that PHP knows). */
function studio_data_timezone( array $profile ): DateTimeZone {
	try {
		return new DateTimeZone( (string) ( $profile['timezone'] ?? 'UTC' ) );
	} catch ( Exception $e ) {
		return new DateTimeZone( 'UTC' );
	}
}

/** "Monday, 23 November 2026" for a studio-local date, in the site's language and date format. */
function studio_data_day_label( string $local_date, DateTimeZone $zone ): string {
	$day = DateTimeImmutable::createFromFormat( '!Y-m-d', $local_date, $zone );
	if ( false === $day ) {
		return $local_date;
	}
	// Noon: the day's date whatever its clock changes.
	return studio_data_site_day( $day->setTime( 12, 0 ) );
}

/** The studio-local date (Y-m-d) of an instant such as 2026-11-23T18:00:00.000Z; '' if unreadable. */
function studio_data_local_date( string $instant, DateTimeZone $zone ): string {
	try {
		return ( new DateTimeImmutable( $instant ) )->setTimezone( $zone )->format( 'Y-m-d' );
	} catch ( Exception $e ) {
		return '';
	}
}

/** Today's date in the studio's zone, Y-m-d, by the plugin's clock. */
function studio_data_local_today( DateTimeZone $zone ): string {
	return studio_data_today( $zone )->format( 'Y-m-d' );
}

/**
 * The `from` to ask the API for: null when the window starts today (the API's default), so the
 * everyday window keeps one cache entry instead of a new dated one each day.
 */
function studio_data_window_from( mixed $from, DateTimeZone $zone ): ?string {
	$date = studio_data_date_arg( $from );
	return null === $date || studio_data_local_today( $zone ) === $date ? null : $date;
}
