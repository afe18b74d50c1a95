<?php
/**
 * A booking button: studio_data_render_book_button(), used by [studio_data_book_button] and this block.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\Id;

/**
 * A link to the hosted booking page. No API request: the page itself says when a class is full or past.
 *
 * @param array<string,mixed> $args kind ('class'|'event'|'private-lesson', default 'class'), target (id),
 *                                  label (default "Book now" / "Book a private lesson"), locale, dialog (bool,
 *                                  default false: the page opens in place, in a dialog framing it; the hosted
 *                                  pages allow framing by the studio's own website only).
 */
function studio_data_render_book_button( array $args ): string {
	wp_enqueue_style( 'studio-data' );
	$ctx    = studio_data_render_context( $args );
	$kind   = in_array( $args['kind'] ?? 'class', array( 'class', 'event', 'private-lesson' ), true ) ? $args['kind'] ?? 'class' : 'class';
	$target = isset( $args['target'] ) && is_scalar( $args['target'] ) ? trim( (string) $args['target'] ) : '';
	if ( '' === $target || '' === $ctx['checkout'] || ! Id::isValid( $target ) ) {
		if ( ! current_user_can( 'edit_posts' ) ) {
			return '';
		}
		return '<p class="studio-data studio-data--unavailable" role="status">' . esc_html__( 'Booking button: choose what it books (a class, event or instructor id) and set the checkout address in Settings → Studio Data.', 'studio-data' ) . '</p>';
	}
	$private = 'private-lesson' === $kind;
	$url     = $private ? studio_data_private_lesson_booking_url( $ctx['checkout'], $ctx['booking_locale'], $target ) : studio_data_class_booking_url( $ctx['checkout'], $target, $ctx['booking_locale'] );
	$label   = isset( $args['label'] ) && is_string( $args['label'] ) && '' !== trim( $args['label'] ) ? trim( $args['label'] )
		: ( $private ? __( 'Book a private lesson', 'studio-data' ) : __( 'Book now', 'studio-data' ) );
	$dialog = studio_data_bool_arg( $args['dialog'] ?? false, false );
	if ( $dialog ) {
		// A link still: without JavaScript, in a new tab, or where <dialog> is missing, it opens the page.
		wp_enqueue_script( 'studio-data-booking-dialog' );
	}
	return '<p class="studio-data studio-data-book-button"><a class="studio-data-button" href="' . esc_url( $url ) . '"' . ( $dialog ? ' data-studio-data-dialog="' . esc_attr__( 'Close', 'studio-data' ) . '"' : '' ) . '>' . esc_html( $label ) . '</a></p>';
}
