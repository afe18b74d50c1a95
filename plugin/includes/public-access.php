<?php
/**
 * What anonymous callers of the public REST routes may ask for. Every new studio, date or type name
 * makes a request to the API and a cache entry, so visitors are held to what the site itself shows:
 * the configured studio and the studios its blocks and shortcodes render (filter
 * `studio_data_public_studio_ids`), and weeks on the grid the site's week links use: today's window
 * start (in the studio's zone) ± STUDIO_DATA_PUBLIC_WEEKS weeks. People who can `edit_posts` may ask
 * for any studio and date (the editor's previews).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;
use StudioData\Client\NotFound;

/** Option listing the studios rendered with a studio override (not autoloaded). */
const STUDIO_DATA_RENDERED_STUDIOS_OPTION = 'studio_data_public_studios';

/** How many override studios are remembered: a site's content names few. */
const STUDIO_DATA_RENDERED_STUDIOS_MAX = 50;

/** Weeks before and after today's window an anonymous caller may ask for (events show up to 8). */
const STUDIO_DATA_PUBLIC_WEEKS = 12;

/**
 * The studios anonymous callers may ask about.
 *
 * @return list<string>
 */
function studio_data_public_studio_ids(): array {
	$rendered = get_option( STUDIO_DATA_RENDERED_STUDIOS_OPTION, array() );
	$ids      = array_merge( array( studio_data_get_settings()['studio_id'] ), is_array( $rendered ) ? $rendered : array() );
	/**
	 * Filters the studio IDs the public REST routes answer anonymous callers for.
	 *
	 * @param list<string> $ids The configured studio and the studios the site's content rendered.
	 */
	$ids = apply_filters( 'studio_data_public_studio_ids', $ids );
	return array_values( array_unique( array_filter( is_array( $ids ) ? $ids : array(), static fn ( $id ) => is_string( $id ) && '' !== $id ) ) );
}

/**
 * Remembers a studio a block or shortcode rendered with a studio override, so its week links work
 * for visitors. Only page views count: the editor's previews (REST, admin) render whatever is being
 * typed ("s", "sa", "sal"…), and the public routes only ever render studios already allowed.
 */
function studio_data_note_rendered_studio( string $studio ): void {
	if ( is_admin() || wp_is_serving_rest_request() ) {
		return;
	}
	$known = get_option( STUDIO_DATA_RENDERED_STUDIOS_OPTION, array() );
	$known = is_array( $known ) ? $known : array();
	if ( in_array( $studio, $known, true ) || $studio === studio_data_get_settings()['studio_id'] || count( $known ) >= STUDIO_DATA_RENDERED_STUDIOS_MAX ) {
		return;
	}
	$known[] = $studio;
	update_option( STUDIO_DATA_RENDERED_STUDIOS_OPTION, $known, false );
}

/**
 * A page view's shortcode or block named this studio (its `studio` or `studioId`; nothing when it
 * names none or no valid one): remembered, so the week links it renders work for visitors.
 */
function studio_data_note_requested_studio( mixed $studio ): void {
	$studio = studio_data_requested_studio( $studio );
	if ( null !== $studio ) {
		studio_data_note_rendered_studio( $studio );
	}
}

/**
 * On `render_block`: a Studio Data block that names a studio notes it. Here, at the page view, and
 * not in the renderers, which only read (they also serve the editor's previews and the REST routes).
 *
 * @param array<string,mixed> $block The parsed block.
 */
function studio_data_note_block_studio( string $content, array $block ): string {
	if ( str_starts_with( (string) ( $block['blockName'] ?? '' ), 'studio-data/' ) ) {
		studio_data_note_requested_studio( $block['attrs']['studioId'] ?? null );
	}
	return $content;
}

/** The studio's time zone, UTC when the API cannot say. */
function studio_data_studio_zone( string $studio ): DateTimeZone {
	try {
		return studio_data_timezone( studio_data_bridge()->studioProfile( $studio ) );
	} catch ( ApiError $error ) {
		return new DateTimeZone( 'UTC' );
	}
}

/**
 * Whether `from` starts one of the weeks the site links to: today ± whole weeks, at most
 * STUDIO_DATA_PUBLIC_WEEKS away, in the studio's zone. Yesterday's grid is accepted too, for a page
 * loaded before the studio's midnight.
 */
function studio_data_public_week_allowed( string $from, DateTimeZone $zone ): bool {
	$date = DateTimeImmutable::createFromFormat( '!Y-m-d', $from, $zone );
	if ( false === $date ) {
		return false;
	}
	$today = studio_data_today( $zone );
	foreach ( array( $today, $today->modify( '-1 day' ) ) as $anchor ) {
		$days = (int) round( ( $date->getTimestamp() - $anchor->getTimestamp() ) / DAY_IN_SECONDS );
		if ( 0 === $days % 7 && abs( $days ) <= 7 * STUDIO_DATA_PUBLIC_WEEKS ) {
			return true;
		}
	}
	return false;
}

/**
 * Permission of the public routes (classes, events, the schedule block's week): editors may ask
 * anything; anonymous callers only for a public studio and a week on the grid.
 *
 * @return true|WP_Error
 */
function studio_data_rest_public_permission( WP_REST_Request $request ) {
	if ( current_user_can( 'edit_posts' ) ) {
		return true;
	}
	$studio = $request->get_param( 'studio_id' ) ?? $request->get_param( 'studioId' );
	$studio = is_string( $studio ) && '' !== $studio ? $studio : studio_data_get_settings()['studio_id'];
	if ( ! in_array( $studio, studio_data_public_studio_ids(), true ) ) {
		return new WP_Error( 'rest_forbidden', __( 'This site does not show this studio.', 'studio-data' ), array( 'status' => 403 ) );
	}
	$from = $request->get_param( 'from' );
	if ( is_string( $from ) && '' !== $from && ! studio_data_public_week_allowed( $from, studio_data_studio_zone( $studio ) ) ) {
		return new WP_Error( 'rest_invalid_param', __( 'from must start one of the weeks this site shows.', 'studio-data' ), array( 'status' => 400 ) );
	}
	$type = $request->get_param( 'type_name' );
	if ( is_string( $type ) && false === studio_data_studio_has_dance_type( $studio, $type ) ) {
		$error = new NotFound( 'Unknown dance type.', 'dance_type_not_found', 404 );
		return new WP_Error( 'studio_data_dance_type_not_found', studio_data_describe_error( $error ), array( 'status' => 404 ) );
	}
	return true;
}

/**
 * Whether the studio's profile (the cached copy: no call while it is fresh, the last good one while
 * the API is down) lists this dance type, named in any case as the API matches it. A made-up name
 * from anyone is answered here, without a call to the API. Null when the profile cannot be had: the
 * API then decides.
 */
function studio_data_studio_has_dance_type( string $studio, string $type ): ?bool {
	try {
		$profile = studio_data_bridge()->studioProfile( $studio );
	} catch ( ApiError $error ) {
		return null;
	}
	return array() === studio_data_unknown_dance_types( $profile, array( $type ) );
}
