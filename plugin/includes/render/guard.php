<?php
/**
 * The render boundary: an API failure (or an answer the renderers cannot read) with no last
 * good copy becomes a short polite message instead of a broken page.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;
use StudioData\Client\Unavailable;

/**
 * Runs a renderer body with its render context (studio_data_render_context()) and arguments; an API
 * failure with no last good copy becomes a short polite message, with the reason for people who edit
 * the site.
 *
 * @param array<string,mixed>                                    $args   The renderer's arguments.
 * @param callable(array<string,mixed>,array<string,mixed>):string $render Its markup from context and arguments.
 */
function studio_data_render_guarded( string $kind, array $args, callable $render ): string {
	wp_enqueue_style( 'studio-data' );
	try {
		return $render( studio_data_render_context( $args ), $args );
	} catch ( Throwable $unexpected ) {
		// A page must not break on an answer the renderers cannot read (a TypeError included).
		$error = $unexpected instanceof ApiError ? $unexpected : new Unavailable( 'The answer could not be read.', 'invalid_response' );
		if ( ! $unexpected instanceof ApiError && defined( 'WP_DEBUG' ) && WP_DEBUG ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- for developers, under WP_DEBUG only.
			error_log( 'Studio Data: the ' . $kind . ' could not be shown: ' . $unexpected::class . ': ' . $unexpected->getMessage() );
		}
		$html = '<div class="studio-data studio-data--unavailable studio-data-' . esc_attr( $kind ) . '" role="status"><p>'
			. esc_html__( 'This information is not available right now. Please try again later.', 'studio-data' ) . '</p>';
		return $html . studio_data_editors_reason( studio_data_describe_error( $error ) ) . '</div>';
	}
}
