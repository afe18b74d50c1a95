<?php
/**
 * Dates and times as the site writes them (Settings → General → Date Format and Time Format), in
 * the site's language: a 12-hour site shows "6:00 pm", a 24-hour one "18:00". Every server-rendered
 * date and time goes through here; machine-readable ones (datetime attributes, JSON-LD) do not.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** A studio-local wall time ("18:00", as the API gives times) in the site's time format; the text itself if unreadable. */
function studio_data_site_time( string $time ): string {
	$utc  = new DateTimeZone( 'UTC' );
	$wall = DateTimeImmutable::createFromFormat( '!H:i', $time, $utc );
	if ( false === $wall || $wall->format( 'H:i' ) !== $time ) {
		return $time;
	}
	// A wall time, not an instant: read and written in UTC so no zone moves it.
	return (string) wp_date( studio_data_site_format( 'time_format', 'H:i' ), $wall->getTimestamp(), $utc );
}

/**
 * A day heading for a studio-local date: its weekday and the date in the site's date format
 * ("Monday, 23 March 2026"; "lunes, 23 de marzo de 2026" on a Spanish site with that format).
 */
function studio_data_site_day( DateTimeImmutable $day ): string {
	$format = studio_data_site_format( 'date_format', 'j F Y' );
	// A format that names the weekday already keeps it once.
	if ( ! preg_match( '/(?<!\\\\)[lD]/', $format ) ) {
		$format = 'l, ' . $format;
	}
	return (string) wp_date( $format, $day->getTimestamp(), $day->getTimezone() );
}

/** One of the site's formats (Settings → General), or the fallback when it is empty. */
function studio_data_site_format( string $option, string $fallback ): string {
	$format = get_option( $option );
	return is_string( $format ) && '' !== trim( $format ) ? $format : $fallback;
}
