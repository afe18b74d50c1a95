<?php
/**
 * The plugin's paragraph for the site's privacy policy (Settings → Privacy → the policy guide):
 * what the site sends to the Studio Data API and where booking links lead.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

add_action( 'admin_init', 'studio_data_add_privacy_policy_content' );

function studio_data_add_privacy_policy_content(): void {
	if ( ! function_exists( 'wp_add_privacy_policy_content' ) ) {
		return;
	}
	$paragraphs = array(
		__( 'This site shows our dance studio\'s schedule, events, instructors and prices from the Studio Data service. To do so, our web server asks the Studio Data API for the studio\'s public data: the requests carry our studio\'s identifier, dates and class or dance type names, and this site\'s address. They are made by our server, not by your browser, and carry no information about you.', 'studio-data' ),
		__( 'When you press a booking button, you go to our booking pages hosted by Studio Data. What you enter there (your name, email address, phone number and answers to our questions) is sent to Studio Data to make and manage your booking, and this site\'s administrators can see the bookings made for our studio.', 'studio-data' ),
	);
	$html = '';
	foreach ( $paragraphs as $paragraph ) {
		$html .= '<p>' . esc_html( $paragraph ) . '</p>';
	}
	wp_add_privacy_policy_content( __( 'Studio Data', 'studio-data' ), wp_kses_post( $html ) );
}
