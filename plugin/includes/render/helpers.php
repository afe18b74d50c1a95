<?php
/**
 * What the renderers share: arguments, locale text, dates in the studio's zone, prices, booking
 * links, and the message shown when the API fails with no last good copy.
 *
 * Renderers return escaped HTML: every value from the API or from arguments is escaped here, late.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;
use StudioData\Client\LocaleText;
use StudioData\Client\Unavailable;

/**
 * Settings-backed defaults for a renderer: studio, locale, checkout base URL, and the level of its
 * top headings (`heading_level`, 2–5, default 3: below the h2 a page usually puts above a list).
 *
 * @param array<string,mixed> $args
 * @return array{studio:string,locale:string,default_locale:string,checkout:string,heading:int}
 */
function studio_data_render_context( array $args ): array {
	$settings = studio_data_get_settings();
	$studio   = isset( $args['studio'] ) && is_string( $args['studio'] ) ? trim( $args['studio'] ) : '';
	$locale   = isset( $args['locale'] ) && is_string( $args['locale'] ) ? studio_data_normalize_locale( $args['locale'] ) : null;
	$studio   = preg_match( '/^[A-Za-z0-9_-]{1,64}$/', $studio ) ? $studio : $settings['studio_id'];
	if ( '' !== $studio ) {
		// The site's content shows this studio: its week links must work for visitors.
		studio_data_note_rendered_studio( $studio );
	}
	return array(
		'studio'         => $studio,
		'locale'         => $locale ?? $settings['default_locale'],
		'default_locale' => $settings['default_locale'],
		'checkout'       => $settings['checkout_base_url'],
		'heading'        => studio_data_int_arg( $args['heading_level'] ?? 3, 3, 2, 5 ),
	);
}

/**
 * Runs a renderer body; an API failure with no last good copy becomes a short polite message, with
 * the reason for people who edit the site.
 *
 * @param callable():string $render
 */
function studio_data_render_guarded( string $kind, callable $render ): string {
	wp_enqueue_style( 'studio-data' );
	try {
		return $render();
	} catch ( Throwable $unexpected ) {
		// A page must not break on an answer the renderers cannot read (a TypeError included).
		$error = $unexpected instanceof ApiError ? $unexpected : new Unavailable( 'The answer could not be read.', 'invalid_response' );
		if ( ! $unexpected instanceof ApiError && defined( 'WP_DEBUG' ) && WP_DEBUG ) {
			// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- for developers, under WP_DEBUG only.
			error_log( 'Studio Data: the ' . $kind . ' could not be shown: ' . $unexpected::class . ': ' . $unexpected->getMessage() );
		}
		$html  = '<div class="studio-data studio-data--unavailable studio-data-' . esc_attr( $kind ) . '" role="status"><p>'
			. esc_html__( 'This information is not available right now. Please try again later.', 'studio-data' ) . '</p>';
		if ( current_user_can( 'edit_posts' ) ) {
			$html .= '<p class="studio-data__reason"><strong>' . esc_html__( 'Shown to editors only:', 'studio-data' ) . '</strong> '
				. esc_html( studio_data_describe_error( $error ) ) . '</p>';
		}
		return $html . '</div>';
	}
}

/**
 * Text for the context's locale by the contract's fallback (exact, language, default, first).
 *
 * @param mixed                $map A locale map (locale => text).
 * @param array<string,string> $ctx From studio_data_render_context().
 */
function studio_data_text( mixed $map, array $ctx ): string {
	return LocaleText::pick( is_array( $map ) ? $map : array(), $ctx['locale'], $ctx['default_locale'] );
}

/** A heading of the renderer's level (+ $deeper), with escaped text. */
function studio_data_heading( array $ctx, int $deeper, string $class_name, string $inner_html ): string {
	$tag = 'h' . min( 6, $ctx['heading'] + $deeper );
	return '<' . $tag . ' class="' . esc_attr( $class_name ) . '">' . $inner_html . '</' . $tag . '>';
}

/** Paragraphs of plain text, escaped. */
function studio_data_paragraphs( string $text, string $class_name ): string {
	if ( '' === trim( $text ) ) {
		return '';
	}
	$paragraphs = preg_split( '/\n\s*\n/', trim( $text ) );
	$html       = '';
	foreach ( $paragraphs as $paragraph ) {
		$html .= '<p class="' . esc_attr( $class_name ) . '">' . nl2br( esc_html( trim( $paragraph ) ), false ) . '</p>';
	}
	return $html;
}

/**
 * A list argument: an array, or a comma-separated string (shortcode attributes).
 *
 * @return list<string>
 */
function studio_data_list_arg( mixed $value ): array {
	if ( is_string( $value ) ) {
		$value = explode( ',', $value );
	}
	if ( ! is_array( $value ) ) {
		return array();
	}
	$items = array();
	foreach ( $value as $item ) {
		if ( is_scalar( $item ) && '' !== trim( (string) $item ) ) {
			$items[] = trim( (string) $item );
		}
	}
	return array_values( array_unique( $items ) );
}

/** A field shown or compared as text: a string or number as text, anything else (a list, null) as ''. */
function studio_data_scalar_text( mixed $value ): string {
	return is_scalar( $value ) ? (string) $value : '';
}

/** A boolean argument: true/false, or "true", "1", "yes" and their opposites. */
function studio_data_bool_arg( mixed $value, bool $fallback ): bool {
	if ( is_bool( $value ) ) {
		return $value;
	}
	if ( is_scalar( $value ) ) {
		$parsed = filter_var( $value, FILTER_VALIDATE_BOOLEAN, FILTER_NULL_ON_FAILURE );
		return $parsed ?? $fallback;
	}
	return $fallback;
}

/** An integer argument within bounds. */
function studio_data_int_arg( mixed $value, int $fallback, int $min, int $max ): int {
	$number = is_numeric( $value ) ? (int) $value : $fallback;
	return max( $min, min( $max, $number ) );
}

/** A real calendar date Y-m-d, or null. */
function studio_data_date_arg( mixed $value ): ?string {
	if ( ! is_string( $value ) || ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $value, $parts ) ) {
		return null;
	}
	return checkdate( (int) $parts[2], (int) $parts[3], (int) $parts[1] ) ? $value : null;
}

/**
 * Keeps the items whose id is listed, in the order of the list; all items when the list is empty.
 *
 * @param list<array<string,mixed>> $items
 * @param list<string>              $ids
 * @return list<array<string,mixed>>
 */
function studio_data_pick_ids( array $items, array $ids ): array {
	if ( array() === $ids ) {
		return $items;
	}
	$by_id = array();
	foreach ( $items as $item ) {
		$by_id[ (string) ( $item['id'] ?? '' ) ] = $item;
	}
	return array_values( array_filter( array_map( static fn ( $id ) => $by_id[ $id ] ?? null, $ids ) ) );
}

/** The studio's time zone (UTC if the API gave none that PHP knows). */
function studio_data_timezone( array $profile ): DateTimeZone {
	try {
		return new DateTimeZone( (string) ( $profile['timezone'] ?? 'UTC' ) );
	} catch ( Exception $e ) {
		return new DateTimeZone( 'UTC' );
	}
}

/** "Monday, 23 November 2026" for a studio-local date, in the site's language. */
function studio_data_day_label( string $local_date, DateTimeZone $zone ): string {
	$day = DateTimeImmutable::createFromFormat( '!Y-m-d', $local_date, $zone );
	if ( false === $day ) {
		return $local_date;
	}
	/* translators: date format of a day heading in schedules, see https://www.php.net/manual/datetime.format.php */
	return wp_date( __( 'l, j F Y', 'studio-data' ), $day->getTimestamp() + 12 * HOUR_IN_SECONDS, $zone );
}

/** The studio-local date (Y-m-d) of an instant such as 2026-11-23T18:00:00.000Z; '' if unreadable. */
function studio_data_local_date( string $instant, DateTimeZone $zone ): string {
	try {
		return ( new DateTimeImmutable( $instant ) )->setTimezone( $zone )->format( 'Y-m-d' );
	} catch ( Exception $e ) {
		return '';
	}
}

/** Today's date in the studio's zone, Y-m-d, by the plugin's clock. */
function studio_data_local_today( DateTimeZone $zone ): string {
	return studio_data_today( $zone )->format( 'Y-m-d' );
}

/**
 * The `from` to ask the API for: null when the window starts today (the API's default), so the
 * everyday window keeps one cache entry instead of a new dated one each day.
 */
function studio_data_window_from( mixed $from, DateTimeZone $zone ): ?string {
	$date = studio_data_date_arg( $from );
	return null === $date || studio_data_local_today( $zone ) === $date ? null : $date;
}

/** The sentence that names the zone all times are shown in. */
function studio_data_zone_note( DateTimeZone $zone ): string {
	return '<p class="studio-data__zone">' . esc_html(
		/* translators: %s: an IANA time zone name such as Europe/Madrid. */
		sprintf( __( 'Times are in the studio\'s time zone (%s).', 'studio-data' ), str_replace( '_', ' ', $zone->getName() ) )
	) . '</p>';
}

/** A price in its currency, formatted for the locale when PHP's intl is there. */
function studio_data_format_price( mixed $amount, string $currency, string $locale ): string {
	if ( ! is_int( $amount ) && ! is_float( $amount ) ) {
		return '';
	}
	if ( class_exists( 'NumberFormatter' ) && preg_match( '/^[A-Z]{3}$/', $currency ) ) {
		$formatter = new NumberFormatter( str_replace( '-', '_', $locale ), NumberFormatter::CURRENCY );
		$formatted = $formatter->formatCurrency( (float) $amount, $currency );
		if ( false !== $formatted ) {
			return $formatted;
		}
	}
	return trim( number_format_i18n( (float) $amount, 2 ) . ' ' . $currency );
}

/** "Ana García" from a person with name and lastname. */
function studio_data_person_name( mixed $person ): string {
	if ( ! is_array( $person ) ) {
		return '';
	}
	return trim( (string) ( $person['name'] ?? '' ) . ' ' . (string) ( $person['lastname'] ?? '' ) );
}

/** `{checkout}/book/{classId}`: the hosted booking page of a class or an event. */
function studio_data_class_booking_url( string $checkout, string $class_id ): string {
	return rtrim( $checkout, '/' ) . '/book/' . rawurlencode( $class_id );
}

/**
 * `{checkout}/{language}/book/private-lesson/{instructorId}`. The hosted page takes one of the
 * studio's locales, which are usually bare languages (`["es","en"]`): the site's `es-ES` would not be
 * among them and the page would fall back to the studio's default, so the language part is sent.
 */
function studio_data_private_lesson_booking_url( string $checkout, string $locale, string $instructor_id ): string {
	return rtrim( $checkout, '/' ) . '/' . rawurlencode( LocaleText::language( $locale ) ) . '/book/private-lesson/' . rawurlencode( $instructor_id );
}

/** A booking link whose accessible name says what it books. */
function studio_data_booking_link( string $url, string $label, string $what ): string {
	return '<a class="studio-data-button" href="' . esc_url( $url ) . '">' . esc_html( $label )
		. '<span class="screen-reader-text"> ' . esc_html( $what ) . '</span></a>';
}

/** An image with its alternative text, or nothing. */
function studio_data_image( mixed $url, string $alt, string $class_name ): string {
	if ( ! is_string( $url ) || '' === $url ) {
		return '';
	}
	return '<img class="' . esc_attr( $class_name ) . '" src="' . esc_url( $url ) . '" alt="' . esc_attr( $alt ) . '" loading="lazy" decoding="async">';
}
