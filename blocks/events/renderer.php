<?php
/**
 * Upcoming events: studio_data_render_events(), used by [studio_data_events] and this block.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * Events of the coming weeks (one API window per week), grouped by day, with booking links.
 *
 * @param array<string,mixed> $args studio, locale, weeks (within block.json's bounds and default), layout ('list'|'grid'|'calendar': the month of
 *                                  `?studio_data_month=YYYY-MM`, else this month),
 *                                  from (Y-m-d; default today in the studio's zone), descriptions (bool, default true),
 *                                  subscribe (bool, default true: links to subscribe to the studio's calendar feed).
 */
function studio_data_render_events( array $args ): string {
	return studio_data_render_guarded( 'events', $args, 'studio_data_events_html' );
}

/** The markup of studio_data_render_events(), for its render context and arguments. */
function studio_data_events_html( array $ctx, array $args ): string {
	$bridge  = studio_data_bridge();
	$profile = $bridge->studioProfile( $ctx['studio'] );
	$view    = studio_data_occurrence_view( 'event', $profile, $ctx, $args );
	$events  = studio_data_upcoming_events( $ctx, $args, $view['zone'] );
	$subscribe = studio_data_bool_arg( $args['subscribe'] ?? true, true ) ? studio_data_subscribe_html( $ctx ) : '';
	if ( studio_data_events_as_calendar( $args ) ) {
		return studio_data_render_month_calendar( $events, $view ) . $subscribe;
	}
	$days = studio_data_group_by_day( $events, static fn ( array $item ): string => (string) ( $item['date'] ?? '' ) );
	return studio_data_render_days( $days, $view ) . $subscribe;
}

/** Whether the events are shown as a month calendar. */
function studio_data_events_as_calendar( array $args ): bool {
	return 'calendar' === ( $args['layout'] ?? '' );
}

/**
 * The events of `weeks` weeks from `from` (one API window per week), or of the month a calendar
 * shows (from today on), each once. Shared with the events block's JSON-LD, so the page's markup and
 * its structured data list the same events.
 *
 * @param array<string,string> $ctx  From studio_data_render_context().
 * @param array<string,mixed>  $args weeks (within block.json's bounds; default block.json's), from (Y-m-d; default today in the studio's zone), layout.
 * @return list<array<string,mixed>>
 */
function studio_data_upcoming_events( array $ctx, array $args, DateTimeZone $zone ): array {
	if ( studio_data_events_as_calendar( $args ) ) {
		$month = studio_data_events_month_window( $zone, studio_data_int_arg( $args['number'] ?? 1, 1, 1, 99 ) );
		$start = $month['from'];
		$end   = $start->modify( '+' . $month['days'] . ' days' )->format( 'Y-m-d' );
		$weeks = (int) ceil( $month['days'] / 7 );
	} else {
		$weeks = studio_data_block_int_arg( 'events', 'weeks', $args['weeks'] ?? null );
		$start = DateTimeImmutable::createFromFormat( '!Y-m-d', studio_data_date_arg( $args['from'] ?? null ) ?? studio_data_local_today( $zone ), $zone );
		$end   = null;
	}
	$events = array();
	for ( $week = 0; $week < $weeks; $week++ ) {
		foreach ( studio_data_bridge()->events( $ctx['studio'], studio_data_window_from( $start->modify( '+' . ( 7 * $week ) . ' days' )->format( 'Y-m-d' ), $zone ) ) as $event ) {
			if ( null === $end || (string) ( $event['date'] ?? '' ) < $end ) {
				$events[ (string) ( $event['id'] ?? '' ) ] = $event;
			}
		}
	}
	return array_values( $events );
}
