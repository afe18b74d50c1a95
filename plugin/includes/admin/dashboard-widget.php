<?php
/**
 * The dashboard widget "Today at the studio" (manage_options): today's classes and events with how
 * many are booked and waiting, each linked to its roster on the Bookings screen.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;

add_action( 'wp_dashboard_setup', 'studio_data_add_dashboard_widget' );

function studio_data_add_dashboard_widget(): void {
	if ( current_user_can( 'manage_options' ) ) {
		wp_add_dashboard_widget( 'studio_data_today', __( 'Today at the studio', 'studio-data' ), 'studio_data_render_dashboard_widget' );
	}
}

function studio_data_render_dashboard_widget(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	try {
		$today = studio_data_studio_days( 1 );
	} catch ( ApiError $error ) {
		echo '<p>' . esc_html( studio_data_describe_error( $error ) ) . '</p>';
		return;
	}
	$items = $today['days'][ $today['today'] ] ?? array();
	if ( array() === $items ) {
		echo '<p>' . esc_html__( 'Nothing is scheduled today.', 'studio-data' ) . '</p>';
	} else {
		echo '<ul class="studio-data-today">';
		foreach ( $items as $item ) {
			$url = studio_data_bookings_url() . '#' . rawurlencode( 'studio-data-' . sanitize_html_class( $item['id'] ) );
			printf(
				'<li><a href="%1$s">%2$s</a> · %3$s</li>',
				esc_url( $url ),
				esc_html( studio_data_site_time( $item['start'] ) . ' ' . $item['title'] ),
				esc_html( studio_data_roster_counts( $item ) )
			);
		}
		echo '</ul>';
	}
	echo '<p><a href="' . esc_url( studio_data_bookings_url() ) . '">' . esc_html__( 'All bookings of the coming days', 'studio-data' ) . '</a></p>';
}
