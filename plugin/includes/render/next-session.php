<?php
/**
 * Which dated class a booking link means now: the next session of a weekly class (its series id),
 * resolved when the page is viewed, so a button or a bound link saved once never goes stale.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;

/**
 * The next session of a weekly class or event (`seriesId`) that has not started by the plugin's clock, from
 * this week's and next week's listings (through the bridge: cached, the last good copy when the API
 * fails), or null when the series has none in them or the API cannot say.
 *
 * @return array<string,mixed>|null
 */
function studio_data_next_session( string $studio_id, string $series_id ): ?array {
	if ( '' === $studio_id || '' === $series_id ) {
		return null;
	}
	try {
		// A weekly class, else a weekly event (a social every Friday): series ids are the studio's entry ids.
		return studio_data_bridge()->nextInSeries( $studio_id, $series_id, studio_data_now() )
			?? studio_data_bridge()->nextEventInSeries( $studio_id, $series_id, studio_data_now() );
	} catch ( ApiError $unavailable ) {
		return null;
	}
}

/**
 * The class a button saved for one dated class books today: that class while it has not started,
 * else the next session of its weekly class (buttons saved before series existed keep working).
 * The saved class itself when its series has no later session; null when the API cannot say. Either
 * way the saved class is then linked as it is, and its page explains.
 *
 * @return array<string,mixed>|null
 */
function studio_data_current_session_of( string $studio_id, string $class_id ): ?array {
	try {
		$class = studio_data_bridge()->classById( $class_id );
	} catch ( ApiError $unavailable ) {
		return null;
	}
	$starts = is_string( $class['date'] ?? null ) && null !== ( $class['danceType'] ?? null ) ? strtotime( $class['date'] ) : false;
	$series = is_string( $class['seriesId'] ?? null ) ? $class['seriesId'] : $class_id;
	// An event, a class still ahead, or a one-off (its own series) that is over: nothing to move on to.
	if ( false === $starts || $starts >= studio_data_now() || $series === $class_id ) {
		return $class;
	}
	return studio_data_next_session( $studio_id, $series ) ?? $class;
}
