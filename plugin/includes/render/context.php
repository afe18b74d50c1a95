<?php
/**
 * What every renderer starts from: the studio, the locale and its fallback, the checkout address
 * and the heading level, from its arguments and the plugin settings. Reading only: noting which
 * studios the site shows is the page view's business (public-access.php), not the renderers'.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\Id;
use StudioData\Client\LocaleText;

/**
 * Settings-backed defaults for a renderer: studio, locale, checkout base URL, and the level of its
 * top headings (`heading_level`, 2–5, default 3: below the h2 a page usually puts above a list).
 *
 * @param array<string,mixed> $args
 * `booking_locale` is the language booking links carry: the block's or shortcode's own locale when it
 * names one, else the site's language (not the default locale of studio texts: an English site sends
 * students to the English booking page even when the studio writes its texts in Spanish).
 *
 * @return array{studio:string,locale:string,default_locale:string,booking_locale:string,checkout:string,heading:int}
 */
function studio_data_render_context( array $args ): array {
	$settings = studio_data_get_settings();
	$locale   = isset( $args['locale'] ) && is_string( $args['locale'] ) ? studio_data_normalize_locale( $args['locale'] ) : null;
	return array(
		// A studio named, even wrongly, is the one asked for: the API's "no such studio" tells editors, where another studio's data would not.
		'studio'         => studio_data_named_studio( $args['studio'] ?? null ) ?? $settings['studio_id'],
		'locale'         => $locale ?? $settings['default_locale'],
		'default_locale' => $settings['default_locale'],
		'booking_locale' => $locale ?? studio_data_site_locale(),
		'checkout'       => $settings['checkout_base_url'],
		'heading'        => studio_data_int_arg( $args['heading_level'] ?? 3, 3, 2, 5 ),
	);
}

/** The studio a shortcode or block names, trimmed (valid or not), or null when it names none. */
function studio_data_named_studio( mixed $studio ): ?string {
	$studio = is_string( $studio ) ? trim( $studio ) : '';
	return '' === $studio ? null : $studio;
}

/** A studio a shortcode or block names (a studio ID, trimmed), or null when it names none or no valid one. */
function studio_data_requested_studio( mixed $studio ): ?string {
	$studio = is_string( $studio ) ? trim( $studio ) : '';
	return Id::isValid( $studio ) ? $studio : null;
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
