<?php
/**
 * Private lessons: studio_data_render_private_lessons(), used by [studio_data_private_lessons] and this block,
 * with the instructors' prices and weekly availability.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/**
 * Private lesson instructors with their prices, weekly availability and a booking link.
 *
 * @param array<string,mixed> $args studio, locale, ids (string[]).
 */
function studio_data_render_private_lessons( array $args ): string {
	return studio_data_render_guarded( 'private-lessons', $args, 'studio_data_private_lessons_html' );
}

/** The markup of studio_data_render_private_lessons(), for its render context and arguments. */
function studio_data_private_lessons_html( array $ctx, array $args ): string {
	$bridge  = studio_data_bridge();
	$people  = studio_data_pick_ids( $bridge->privateLessonInstructors( $ctx['studio'] ), studio_data_list_arg( $args['ids'] ?? array() ) );
	$profile = $bridge->studioProfile( $ctx['studio'] );
	if ( array() === $people ) {
		return '<div class="studio-data studio-data-private-lessons"><p class="studio-data__empty">' . esc_html__( 'No private lessons are offered right now.', 'studio-data' ) . '</p></div>';
	}
	$html = '<ul class="studio-data studio-data-private-lessons" aria-label="' . esc_attr__( 'Private lessons', 'studio-data' ) . '">';
	foreach ( $people as $person ) {
		$name  = studio_data_person_name( $person );
		$html .= '<li class="studio-data-person">' . studio_data_person_card( $person, $ctx );
		$html .= studio_data_pricing_list( is_array( $person['pricing'] ?? null ) ? $person['pricing'] : array(), $ctx );
		$html .= studio_data_availability_list( is_array( $person['availability'] ?? null ) ? $person['availability'] : array(), studio_data_timezone( $profile ) );
		if ( '' !== $ctx['checkout'] && ! empty( $person['id'] ) ) {
			$html .= studio_data_booking_link(
				studio_data_private_lesson_booking_url( $ctx['checkout'], $ctx['booking_locale'], (string) $person['id'] ),
				__( 'Book a private lesson', 'studio-data' ),
				/* translators: %s: instructor's name. */
				sprintf( __( 'with %s', 'studio-data' ), $name )
			);
		}
		$html .= '</li>';
	}
	return $html . '</ul>';
}

/** Durations and prices of private lessons. */
function studio_data_pricing_list( array $pricing, array $ctx ): string {
	if ( array() === $pricing ) {
		return '';
	}
	$html = '<ul class="studio-data-pricing" aria-label="' . esc_attr__( 'Prices', 'studio-data' ) . '">';
	foreach ( $pricing as $entry ) {
		$minutes = (int) ( $entry['durationMins'] ?? 0 );
		$html   .= '<li>' . esc_html(
			/* translators: 1: lesson length in minutes, 2: price. */
			sprintf( __( '%1$d min: %2$s', 'studio-data' ), $minutes, studio_data_format_price( $entry['price'] ?? null, (string) ( $entry['currency'] ?? '' ), $ctx['locale'] ) )
		) . '</li>';
	}
	return $html . '</ul>';
}

/** Weekly availability windows ("Monday 09:00–11:00"), in the studio's zone. */
function studio_data_availability_list( array $windows, DateTimeZone $zone ): string {
	if ( array() === $windows ) {
		return '';
	}
	global $wp_locale;
	$html = '<div class="studio-data-availability"><p class="studio-data__label">' . esc_html__( 'Usually available:', 'studio-data' ) . '</p>'
		. studio_data_zone_note( $zone ) . '<ul>';
	foreach ( $windows as $window ) {
		$weekday = is_array( $window ) ? ( $window['dayOfWeek'] ?? null ) : null;
		if ( ! is_int( $weekday ) || $weekday < 0 || $weekday > 6 ) {
			continue; // Not a day of the week (0 = Sunday … 6 = Saturday): nothing true to show.
		}
		$html .= '<li>' . esc_html( $wp_locale->get_weekday( $weekday ) ) . ' ' . esc_html( studio_data_site_time( studio_data_scalar_text( $window['startTime'] ?? '' ) ) ) . '&ndash;' . esc_html( studio_data_site_time( studio_data_scalar_text( $window['endTime'] ?? '' ) ) ) . '</li>';
	}
	return $html . '</ul></div>';
}
