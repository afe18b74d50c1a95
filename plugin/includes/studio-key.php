<?php
/**
 * The studio key (Settings → Studio Data → Studio API): kept in its own option, never autoloaded,
 * never printed again in full and never sent to the browser. Only the admin screens read it, on the
 * server, to call the studio API.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\StudioClient;

const STUDIO_DATA_KEY_OPTION = 'studio_data_studio_key';

/** The saved studio key, or '' when none is saved. */
function studio_data_studio_key(): string {
	$key = get_option( STUDIO_DATA_KEY_OPTION, '' );
	return is_string( $key ) ? $key : '';
}

/** The first characters of the saved key ("sdk_Ab3x…"), enough to tell keys apart; '' when none is saved. */
function studio_data_studio_key_hint(): string {
	$key = studio_data_studio_key();
	return '' === $key ? '' : substr( $key, 0, 8 ) . '…';
}

/**
 * Takes the key fields out of a settings form submission: a new key replaces the saved one (not
 * autoloaded), "Remove" deletes it, an empty field keeps it. Called by the settings' sanitizer, so
 * the key never lands in the autoloaded settings option.
 *
 * @param array<string,mixed> $input What was submitted.
 */
function studio_data_take_studio_key( array $input ): void {
	if ( ! empty( $input['forget_studio_key'] ) ) {
		delete_option( STUDIO_DATA_KEY_OPTION );
		return;
	}
	$key = isset( $input['studio_key'] ) && is_scalar( $input['studio_key'] ) ? trim( (string) $input['studio_key'] ) : '';
	if ( '' === $key ) {
		return;
	}
	if ( ! StudioClient::isKey( $key ) ) {
		studio_data_settings_error( 'studio_key', __( 'A studio key starts with sdk_ and has 47 characters (npm run studio-key -- create STUDIO_ID prints one). The saved key was kept.', 'studio-data' ) );
		return;
	}
	update_option( STUDIO_DATA_KEY_OPTION, $key, false );
}
