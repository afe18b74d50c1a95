<?php
/**
 * Where the hosted booking pages are: of a class or event, and of a private lesson.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\LocaleText;

/**
 * `{checkout}/book/{classId}?lang={language}`: the hosted booking page of a class or an event, in the
 * language of the page the visitor came from (the page's own choice wins over the browser's).
 *
 * @param string|null $locale The page's locale (render context `booking_locale`); null: no language
 *                            (the hosted page then goes by the browser's), as search engines get it.
 */
function studio_data_class_booking_url( string $checkout, string $class_id, ?string $locale = null ): string {
	$url = rtrim( $checkout, '/' ) . '/book/' . rawurlencode( $class_id );
	return null === $locale || '' === $locale ? $url : $url . '?lang=' . rawurlencode( LocaleText::language( $locale ) );
}

/**
 * `{checkout}/{language}/book/private-lesson/{instructorId}`. The hosted page takes one of the
 * studio's locales, which are usually bare languages (`["es","en"]`): the site's `es-ES` would not be
 * among them and the page would fall back to the studio's default, so the language part is sent.
 */
function studio_data_private_lesson_booking_url( string $checkout, string $locale, string $instructor_id ): string {
	return rtrim( $checkout, '/' ) . '/' . rawurlencode( LocaleText::language( $locale ) ) . '/book/private-lesson/' . rawurlencode( $instructor_id );
}
