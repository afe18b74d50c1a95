<?php
/**
 * The next classes from now: studio_data_render_next_classes(), used by [studio_data_next_classes]
 * and this block, for a front page or a sidebar.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * The next `count` classes that have not started, by the plugin's clock (studio_data_now()), with
 * their day ("Today", "Tomorrow", then the date) in the studio's zone, and booking links.
 *
 * @param array<string,mixed> $args studio, locale, heading_level, count (1–20, default: block.json's),
 *                                  dance_types (names; none: all).
 */
function studio_data_render_next_classes( array $args ): string {
	return studio_data_render_guarded( 'next-classes', $args, 'studio_data_next_classes_html' );
}

/** The markup of studio_data_render_next_classes(), for its render context and arguments. */
function studio_data_next_classes_html( array $ctx, array $args ): string {
	wp_enqueue_style( 'studio-data-next-classes' );
	$profile = studio_data_bridge()->studioProfile( $ctx['studio'] );
	$view    = array(
		'label' => __( 'Next classes', 'studio-data' ),
		'empty' => __( 'No classes coming up this week or next.', 'studio-data' ),
	) + studio_data_occurrence_view( 'class', $profile, $ctx, array( 'descriptions' => false ) );
	$classes = studio_data_next_classes( $ctx, $args, $view, studio_data_block_int_arg( 'next-classes', 'count', $args['count'] ?? null ) );
	$days    = studio_data_group_by_day( $classes, static fn ( array $item ): string => studio_data_local_date( (string) ( $item['date'] ?? '' ), $view['zone'] ) );

	$html = studio_data_unknown_dance_types_note( $profile, $args['dance_types'] ?? array() )
		. '<section class="studio-data studio-data-next-classes" aria-label="' . esc_attr( $view['label'] ) . '">';
	if ( array() === $days ) {
		return $html . '<p class="studio-data__empty">' . esc_html( $view['empty'] ) . '</p></section>';
	}
	$today = studio_data_today( $view['zone'] );
	$names = array(
		$today->format( 'Y-m-d' )                      => __( 'Today', 'studio-data' ),
		$today->modify( '+1 day' )->format( 'Y-m-d' ) => __( 'Tomorrow', 'studio-data' ),
	);
	foreach ( $days as $date => $items ) {
		$day_label = studio_data_day_label( (string) $date, $view['zone'] );
		$title     = isset( $names[ $date ] )
			/* translators: 1: "Today" or "Tomorrow", 2: the date, e.g. "Wednesday, 25 November 2026". */
			? sprintf( __( '%1$s, %2$s', 'studio-data' ), $names[ $date ], $day_label )
			: $day_label;
		$html     .= '<div class="studio-data__day">' . studio_data_heading( $ctx, 0, 'studio-data__day-title', '<time datetime="' . esc_attr( (string) $date ) . '">' . esc_html( $title ) . '</time>' ) . '<ul class="studio-data__items">';
		foreach ( $items as $item ) {
			$html .= studio_data_render_occurrence( $item, $day_label, $view );
		}
		$html .= '</ul></div>';
	}
	return $html . studio_data_zone_note( $view['zone'] ) . '</section>';
}

/**
 * The next classes not yet started, in time order: this week's window, and the next one when it
 * holds too few (two calls at most; both cached by the bridge).
 *
 * @param array<string,string> $ctx
 * @param array<string,mixed>  $args
 * @param array<string,mixed>  $view
 * @return list<array<string,mixed>>
 */
function studio_data_next_classes( array $ctx, array $args, array $view, int $count ): array {
	$bridge   = studio_data_bridge();
	$wanted   = array( 'dance_types' => $args['dance_types'] ?? array() );
	$upcoming = studio_data_filter_classes( $bridge->classes( $ctx['studio'] ), $wanted, $view );
	if ( count( $upcoming ) < $count ) {
		$next_week = studio_data_today( $view['zone'] )->modify( '+7 days' )->format( 'Y-m-d' );
		$upcoming  = array_merge( $upcoming, studio_data_filter_classes( $bridge->classes( $ctx['studio'], $next_week ), $wanted, $view ) );
	}
	// Each class once (by its id and instant), however the windows fall.
	$unique = array();
	foreach ( $upcoming as $item ) {
		$unique[ studio_data_scalar_text( $item['id'] ?? '' ) . '@' . studio_data_scalar_text( $item['date'] ?? '' ) ] = $item;
	}
	$upcoming = array_values( $unique );
	$starts   = array_map( static fn ( array $item ): int => (int) strtotime( (string) ( $item['date'] ?? '' ) ), $upcoming );
	array_multisort( $starts, SORT_NUMERIC, $upcoming );
	return array_slice( $upcoming, 0, $count );
}
