<?php
/**
 * Block pattern "Studio home page": the studio's name (a heading bound to the Studio Data source),
 * what it is and where, the week of classes, and buttons to call and to find the way.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** A core Button whose link is bound to a key of the Studio Data source; its text is the owner's. */
$studio_data_bound_button = static fn ( string $key, string $text ): string => '<!-- wp:button {"metadata":{"bindings":{"url":{"source":"studio-data/studio-data","args":{"key":"' . $key . '"}}}}} -->'
	. '<div class="wp-block-button"><a class="wp-block-button__link wp-element-button">' . esc_html( $text ) . '</a></div><!-- /wp:button -->';

return array(
	'title'       => __( 'Studio home page', 'studio-data' ),
	'description' => __( "The studio's name, description and address, the week of classes, and buttons to call and to find the way.", 'studio-data' ),
	'keywords'    => array( __( 'home', 'studio-data' ), __( 'studio', 'studio-data' ), __( 'contact', 'studio-data' ) ),
	'content'     => '<!-- wp:heading {"metadata":{"bindings":{"content":{"source":"studio-data/studio-data","args":{"key":"name"}}}}} --><h2 class="wp-block-heading">' . esc_html__( 'Our studio', 'studio-data' ) . '</h2><!-- /wp:heading -->'
		. "\n\n" . '<!-- wp:studio-data/studio-info {"headingLevel":3,"parts":["logo","description","address","hours"]} /-->'
		. "\n\n" . '<!-- wp:buttons --><div class="wp-block-buttons">' . $studio_data_bound_button( 'phone', __( 'Call us', 'studio-data' ) ) . $studio_data_bound_button( 'address', __( 'Directions', 'studio-data' ) ) . '</div><!-- /wp:buttons -->'
		. "\n\n" . '<!-- wp:heading --><h2 class="wp-block-heading">' . esc_html__( 'This week', 'studio-data' ) . '</h2><!-- /wp:heading -->'
		. "\n\n" . '<!-- wp:studio-data/class-schedule /-->',
);
