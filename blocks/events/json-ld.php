<?php
/**
 * The events an events block shows as schema.org DanceEvents.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** JSON-LD of the events an events block shows. */
function studio_data_events_json_ld( array $args ): string {
	return studio_data_json_ld_guarded( $args, 'studio_data_events_json_ld_data' );
}

/** The data of studio_data_events_json_ld(), for its render context and arguments. */
function studio_data_events_json_ld_data( array $ctx, array $args ): array {
	$profile = studio_data_bridge()->studioProfile( $ctx['studio'] );
	$view    = studio_data_occurrence_view( 'event', $profile, $ctx, $args );
	return studio_data_json_ld_dance_events( studio_data_upcoming_events( $ctx, $args, $view['zone'] ), $profile, $view );
}
