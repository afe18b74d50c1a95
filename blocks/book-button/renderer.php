<?php
/**
 * A booking button: studio_data_render_book_button(), used by [studio_data_book_button] and this block.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\Id;

/**
 * A link to the hosted booking page, resolved when the page is viewed: the next session of a weekly
 * class or event ('series'), a dated class (once over, the next session of its weekly class), an event, or a
 * private lesson with an instructor.
 *
 * @param array<string,mixed> $args kind ('series'|'class'|'event'|'private-lesson', default 'class'),
 *                                  target (the class's or event's seriesId, or a class, event or instructor id),
 *                                  label (default "Book now" / "Book a private lesson"), locale, dialog
 *                                  (bool, default false: the page opens in place, in a dialog framing
 *                                  it; the hosted pages allow framing by the studio's own website only).
 */
function studio_data_render_book_button( array $args ): string {
	wp_enqueue_style( 'studio-data' );
	$ctx    = studio_data_render_context( $args );
	$kind   = in_array( $args['kind'] ?? 'class', array( 'series', 'class', 'event', 'private-lesson' ), true ) ? $args['kind'] ?? 'class' : 'class';
	$target = isset( $args['target'] ) && is_scalar( $args['target'] ) ? trim( (string) $args['target'] ) : '';
	// Each note says what is missing, not everything that could be.
	if ( '' === $target || ! Id::isValid( $target ) ) {
		return studio_data_book_button_note( __( 'Booking button: choose what it books (a weekly class, a class, an event or an instructor).', 'studio-data' ) );
	}
	if ( '' === $ctx['checkout'] ) {
		return studio_data_book_button_note( __( 'Booking button: set the checkout address (or the API address) in Settings → Studio Data.', 'studio-data' ) );
	}
	$private = 'private-lesson' === $kind;
	$url     = $private ? studio_data_private_lesson_booking_url( $ctx['checkout'], $ctx['booking_locale'], $target ) : studio_data_book_button_class_url( $kind, $target, $ctx );
	if ( null === $url ) {
		return studio_data_book_button_note( __( 'Booking button: this weekly class or event has no session to book in the next two weeks (it has ended, or the Studio Data API cannot be reached). Visitors do not see the button meanwhile.', 'studio-data' ) );
	}
	$label = isset( $args['label'] ) && is_string( $args['label'] ) && '' !== trim( $args['label'] ) ? trim( $args['label'] )
		: ( $private ? __( 'Book a private lesson', 'studio-data' ) : __( 'Book now', 'studio-data' ) );
	$dialog = studio_data_bool_arg( $args['dialog'] ?? false, false );
	$note   = '';
	if ( $dialog && ! studio_data_site_is_studio_website( $ctx['studio'] ) ) {
		// The booking pages refuse to be framed anywhere else: a dialog here would show the browser's error.
		$dialog = false;
		$note   = studio_data_book_button_note( __( 'Booking button: the booking page opens in a dialog only on the studio’s own website (the address in its profile); on this site the button opens it as a link.', 'studio-data' ) );
	}
	if ( $dialog ) {
		// A link still: without JavaScript, in a new tab, or where <dialog> is missing, it opens the page.
		wp_enqueue_script( 'studio-data-booking-dialog' );
	}
	return '<p class="studio-data studio-data-book-button"><a class="studio-data-button" href="' . esc_url( $url ) . '"' . ( $dialog ? ' data-studio-data-dialog="' . esc_attr__( 'Close', 'studio-data' ) . '"' : '' ) . '>' . esc_html( $label ) . '</a></p>' . $note;
}

/**
 * Whether this site is the studio's own website (the `website` of its profile, by origin: scheme,
 * host and port), the one site the hosted booking pages let frame them. No when the profile cannot
 * be read: a link always works.
 */
function studio_data_site_is_studio_website( string $studio ): bool {
	try {
		$website = studio_data_bridge()->studioProfile( $studio )['website'] ?? null;
	} catch ( Throwable $e ) {
		return false;
	}
	return is_string( $website ) && null !== studio_data_origin( $website ) && studio_data_origin( $website ) === studio_data_origin( home_url( '/' ) );
}

/** `scheme://host:port` of an address, lower-cased, the port always named; null for one without a scheme and host. */
function studio_data_origin( string $url ): ?string {
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return null;
	}
	$scheme = strtolower( $parts['scheme'] );
	$port   = $parts['port'] ?? ( 'https' === $scheme ? 443 : 80 );
	return $scheme . '://' . strtolower( $parts['host'] ) . ':' . $port;
}

/**
 * The booking page of the class or event a button means now, or null when a weekly class or event
 * has no session to book. An event, and a dated class the API cannot look up, are linked as saved.
 *
 * @param array<string,mixed> $ctx From studio_data_render_context().
 */
function studio_data_book_button_class_url( string $kind, string $target, array $ctx ): ?string {
	$session = match ( $kind ) {
		'series' => studio_data_next_session( $ctx['studio'], $target ),
		'class'  => studio_data_current_session_of( $ctx['studio'], $target ),
		default  => null,
	};
	if ( 'series' === $kind && null === $session ) {
		return null;
	}
	$id = is_string( $session['id'] ?? null ) && Id::isValid( $session['id'] ) ? $session['id'] : $target;
	return studio_data_class_booking_url( $ctx['checkout'], $id, $ctx['booking_locale'] );
}

/** A note for people who edit the site; nothing for visitors. */
function studio_data_book_button_note( string $note ): string {
	if ( ! current_user_can( 'edit_posts' ) ) {
		return '';
	}
	return '<p class="studio-data studio-data--unavailable" role="status">' . esc_html( $note ) . '</p>';
}
