<?php
/**
 * The classes a schedule block shows as schema.org DanceEvents (same window and filters as its HTML).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** JSON-LD of the classes a schedule block shows (same window and filters as its HTML). */
function studio_data_schedule_json_ld( array $args ): string {
	return studio_data_json_ld_guarded( $args, 'studio_data_schedule_json_ld_data' );
}

/** The data of studio_data_schedule_json_ld(), for its render context and arguments. */
function studio_data_schedule_json_ld_data( array $ctx, array $args ): array {
	$bridge  = studio_data_bridge();
	$profile = $bridge->studioProfile( $ctx['studio'] );
	$view    = studio_data_occurrence_view( 'class', $profile, $ctx, $args );
	$classes = studio_data_filter_classes( $bridge->classes( $ctx['studio'], studio_data_date_arg( $args['from'] ?? null ) ), $args, $view );
	return studio_data_json_ld_dance_events( $classes, $profile, $view );
}
