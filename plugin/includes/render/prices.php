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
	return trim( number_format_i18n( (float) $amount, studio_data_currency_decimals( $currency ) ) . ' ' . $currency );
}

/**
 * How many decimals a currency's amounts have (ISO 4217), for when PHP has no intl to know it: none
 * for the yen and the others without a minor unit ("2,500 JPY", not "2,500.00 JPY"), three for the
 * dinars that count in thousandths, two for the rest.
 */
function studio_data_currency_decimals( string $currency ): int {
	$none  = array( 'BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'PYG', 'RWF', 'UGX', 'UYI', 'VND', 'VUV', 'XAF', 'XOF', 'XPF' );
	$three = array( 'BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND' );
	if ( in_array( $currency, $none, true ) ) {
		return 0;
	}
	return in_array( $currency, $three, true ) ? 3 : 2;
}
