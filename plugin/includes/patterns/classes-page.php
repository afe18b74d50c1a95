<?php
/**
 * Block pattern "Classes page": the week's timetable, the coming events and the prices.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

return array(
	'title'       => __( 'Classes page', 'studio-data' ),
	'description' => __( 'The week of classes with booking links, the coming events and the prices, live from the studio.', 'studio-data' ),
	'keywords'    => array( __( 'schedule', 'studio-data' ), __( 'timetable', 'studio-data' ), __( 'classes', 'studio-data' ) ),
	'content'     => '<!-- wp:paragraph --><p>' . esc_html__( 'Our classes this week, always up to date. Choose one and book your place online.', 'studio-data' ) . '</p><!-- /wp:paragraph -->'
		. "\n\n" . '<!-- wp:studio-data/class-schedule /-->'
		. "\n\n" . '<!-- wp:heading --><h2 class="wp-block-heading">' . esc_html__( 'Events', 'studio-data' ) . '</h2><!-- /wp:heading -->'
		. "\n\n" . '<!-- wp:studio-data/events {"headingLevel":3} /-->'
		. "\n\n" . '<!-- wp:heading --><h2 class="wp-block-heading">' . esc_html__( 'Prices', 'studio-data' ) . '</h2><!-- /wp:heading -->'
		. "\n\n" . '<!-- wp:studio-data/packages {"headingLevel":3} /-->',
);
