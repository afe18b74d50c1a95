<?php
/**
 * Prices in their currency, formatted for the reader's locale.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

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
