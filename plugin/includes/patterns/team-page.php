<?php
/**
 * Block pattern "Team page": the instructors, and private lessons with them.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

return array(
	'title'       => __( 'Team page', 'studio-data' ),
	'description' => __( 'The instructors with their photos, dances and experience, and private lessons with them.', 'studio-data' ),
	'keywords'    => array( __( 'instructors', 'studio-data' ), __( 'teachers', 'studio-data' ), __( 'team', 'studio-data' ) ),
	'content'     => '<!-- wp:paragraph --><p>' . esc_html__( 'Meet the people who teach at our studio.', 'studio-data' ) . '</p><!-- /wp:paragraph -->'
		. "\n\n" . '<!-- wp:studio-data/instructors /-->'
		. "\n\n" . '<!-- wp:heading --><h2 class="wp-block-heading">' . esc_html__( 'Private lessons', 'studio-data' ) . '</h2><!-- /wp:heading -->'
		. "\n\n" . '<!-- wp:studio-data/private-lessons {"headingLevel":3} /-->',
);
