<?php
/**
 * The plugin's calendar clock: which day is today in a studio's zone, which classes have started,
 * which weeks visitors may ask for. One filterable source (`studio_data_now`), so a site can be held
 * at another moment, as the plugin's own tests do to give every hour the same verdict. Cache
 * lifetimes keep the real clock: WordPress expires transients by it.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** The Unix time the plugin takes as now for its calendar. */
function studio_data_now(): int {
	/**
	 * Filters the moment the plugin's renderers, week route and date checks take as now.
	 *
	 * The API keeps its own clock: a window that starts on the plugin's today is asked for without
	 * a date and answered from the API's today, so move this only together with the API's clock.
	 *
	 * @param int $now The current Unix time.
	 */
	$now = apply_filters( 'studio_data_now', time() );
	return is_int( $now ) ? $now : time();
}

/** Midnight at the start of today in the zone, by the plugin's clock. */
function studio_data_today( DateTimeZone $zone ): DateTimeImmutable {
	return ( new DateTimeImmutable( '@' . studio_data_now() ) )->setTimezone( $zone )->setTime( 0, 0 );
}
