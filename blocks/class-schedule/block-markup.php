<?php
/**
 * The class-schedule block's inner markup: the tools (filters and week links), the week's schedule
 * from the renderer in a region the script can swap, and the week's JSON-LD.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * @param array<string,mixed> $attributes The block's attributes.
 * @param int                 $number     Which schedule block of the page this is (1 for the first).
 */
function studio_data_render_schedule_block( array $attributes, int $number = 1 ): string {
	$params       = studio_data_schedule_params( $number );
	$args         = array( 'number' => $params['number'] ) + studio_data_block_args( 'class-schedule', $attributes );
	$show_filters = false !== ( $attributes['showFilters'] ?? true );
	try {
		$ctx     = studio_data_render_context( $args );
		$bridge  = studio_data_bridge();
		$profile = $bridge->studioProfile( $ctx['studio'] );
		$week    = studio_data_schedule_week( studio_data_date_arg( studio_data_schedule_query_value( $params['week'] ) ), studio_data_timezone( $profile ) );
		$args    = array( 'from' => $week['from'] ) + $args;
		$filters = $show_filters ? studio_data_schedule_filters( $args, $profile, $bridge->instructors( $ctx['studio'] ), $bridge->classes( $ctx['studio'], $week['from'] ) ) : array();
	} catch ( Throwable $error ) {
		// The renderer says, politely, that the schedule is not available (an API failure or an answer
		// that cannot be read, a TypeError included); there is nothing to filter.
		return studio_data_render_schedule( $args );
	}

	$chosen  = studio_data_schedule_chosen_filters( $filters, $params );
	$shown   = studio_data_schedule_args_with_choices( $args, $chosen );
	$context = studio_data_schedule_context( $week, studio_data_schedule_week_query( $attributes ), $params );
	// Filters chosen without JavaScript narrowed the HTML itself: the script then reloads to widen it.
	$context['serverFiltered'] = array() !== array_filter( $chosen );

	return studio_data_schedule_tools( $filters, $chosen, $week, $context, $show_filters, $params )
		. '<div class="studio-data-schedule-region">' . studio_data_render_schedule( $shown ) . '</div>'
		. studio_data_schedule_json_ld( $shown );
}
