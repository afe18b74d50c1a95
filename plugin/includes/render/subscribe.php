<?php
/**
 * "Subscribe" under the schedule and the events: the studio's calendar feed, as a webcal:// link
 * (Apple Calendar, Outlook, phones) and Google Calendar's add-by-URL link. Subscribed calendars
 * fetch the feed again by themselves, so what the studio changes reaches them.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\Client;

/**
 * The links to subscribe to the studio's feed: of one dance type or one instructor when the block
 * shows only that; empty when the API's address is not set.
 *
 * @param array<string,mixed> $ctx From studio_data_render_context().
 */
function studio_data_subscribe_html( array $ctx, ?string $dance_type = null, ?string $instructor = null ): string {
	$api = studio_data_get_settings()['api_base_url'];
	if ( '' === $api || '' === $ctx['studio'] ) {
		return '';
	}
	$links = Client::calendarLinksAt( preg_replace( '#/api/public$#', '', rtrim( $api, '/' ) ) . '/api/public', $ctx['studio'], $dance_type, $instructor );
	return '<p class="studio-data__subscribe">' . esc_html__( 'Subscribe in your calendar:', 'studio-data' )
		. ' <a class="studio-data__subscribe-webcal" href="' . esc_url( $links['webcal'] ) . '">' . esc_html__( 'Apple Calendar, Outlook and phones', 'studio-data' ) . '</a>'
		. ' · <a class="studio-data__subscribe-google" href="' . esc_url( $links['google'] ) . '" target="_blank" rel="noopener noreferrer">' . esc_html__( 'Google Calendar', 'studio-data' ) . '</a></p>';
}

/** The one value of a list argument, or null when it names none or several (a feed is of one type or one instructor). */
function studio_data_single_arg( mixed $value ): ?string {
	$values = studio_data_list_arg( $value );
	return 1 === count( $values ) ? (string) $values[0] : null;
}
