<?php
/**
 * Settings → Studio Data: the Settings API form (manage_options, nonces by settings_fields) and a
 * "Test connection" action that asks the API for the studio's profile.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;
use StudioData\Client\Client;
use StudioData\WordPress\WpTransport;

const STUDIO_DATA_SETTINGS_PAGE = 'studio-data';

add_action( 'admin_menu', 'studio_data_add_settings_page' );
add_action( 'admin_init', 'studio_data_add_settings_fields' );
add_action( 'admin_post_studio_data_test_connection', 'studio_data_handle_test_connection' );
add_filter( 'plugin_action_links_' . plugin_basename( STUDIO_DATA_FILE ), 'studio_data_settings_link' );

function studio_data_add_settings_page(): void {
	add_options_page( __( 'Studio Data', 'studio-data' ), __( 'Studio Data', 'studio-data' ), 'manage_options', STUDIO_DATA_SETTINGS_PAGE, 'studio_data_render_settings_page' );
}

/** @param array<string,string> $links */
function studio_data_settings_link( array $links ): array {
	$url = admin_url( 'options-general.php?page=' . STUDIO_DATA_SETTINGS_PAGE );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'studio-data' ) . '</a>' );
	return $links;
}

function studio_data_add_settings_fields(): void {
	add_settings_section( 'studio_data_connection', __( 'Connection', 'studio-data' ), '__return_null', STUDIO_DATA_SETTINGS_PAGE );
	$fields = array(
		'api_base_url'      => array( __( 'API base URL', 'studio-data' ), 'url', __( 'The Studio Data server, e.g. https://api.example.com (the API lives under /api/public).', 'studio-data' ) ),
		'checkout_base_url' => array( __( 'Checkout base URL', 'studio-data' ), 'url', __( 'Where the booking pages are served. Empty: the API server.', 'studio-data' ) ),
		'studio_id'         => array( __( 'Studio ID', 'studio-data' ), 'text', __( 'Your studio\'s identifier, e.g. salsa-city.', 'studio-data' ) ),
		'default_locale'    => array( __( 'Default locale', 'studio-data' ), 'text', __( 'Language of studio texts when a block or shortcode names none, e.g. en or es-MX. Default: the site\'s language.', 'studio-data' ) ),
		'cache_ttl'         => array( __( 'Cache lifetime (seconds)', 'studio-data' ), 'number', __( 'How long answers are reused before the API is asked again (30 to 86400).', 'studio-data' ) ),
	);
	add_settings_section( 'studio_data_studio_api', __( 'Studio API', 'studio-data' ), 'studio_data_render_studio_api_section', STUDIO_DATA_SETTINGS_PAGE );
	add_settings_field( 'studio_data_studio_key', __( 'Studio key', 'studio-data' ), 'studio_data_render_studio_key_field', STUDIO_DATA_SETTINGS_PAGE, 'studio_data_studio_api', array( 'label_for' => 'studio_data_studio_key' ) );
	foreach ( $fields as $key => [ $label, $type, $help ] ) {
		add_settings_field(
			'studio_data_' . $key,
			$label,
			'studio_data_render_settings_field',
			STUDIO_DATA_SETTINGS_PAGE,
			'studio_data_connection',
			array(
				'label_for' => 'studio_data_' . $key,
				'key'       => $key,
				'type'      => $type,
				'help'      => $help,
			)
		);
	}
}

/** @param array{key:string,type:string,help:string,label_for:string} $field */
function studio_data_render_settings_field( array $field ): void {
	$saved = get_option( STUDIO_DATA_OPTION, array() );
	$value = is_array( $saved ) && isset( $saved[ $field['key'] ] ) ? $saved[ $field['key'] ] : studio_data_default_settings()[ $field['key'] ];
	printf(
		'<input type="%1$s" id="%2$s" name="%3$s[%4$s]" value="%5$s" class="regular-text" aria-describedby="%2$s-help"%6$s> <p class="description" id="%2$s-help">%7$s</p>',
		esc_attr( $field['type'] ),
		esc_attr( $field['label_for'] ),
		esc_attr( STUDIO_DATA_OPTION ),
		esc_attr( $field['key'] ),
		esc_attr( (string) $value ),
		'number' === $field['type'] ? ' min="' . esc_attr( (string) STUDIO_DATA_MIN_CACHE_TTL ) . '" max="' . esc_attr( (string) STUDIO_DATA_MAX_CACHE_TTL ) . '"' : '',
		esc_html( $field['help'] )
	);
}

function studio_data_render_studio_api_section(): void {
	echo '<p>' . esc_html__( 'With your studio\'s key, the Bookings screen and the "Today at the studio" dashboard widget show who booked, and let you cancel bookings. The key is kept on this server only.', 'studio-data' ) . '</p>';
}

/** The key's field: always empty (the saved key is never printed), with its first characters and a way to remove it. */
function studio_data_render_studio_key_field(): void {
	$hint = studio_data_studio_key_hint();
	printf(
		'<input type="password" id="studio_data_studio_key" name="%1$s[studio_key]" value="" class="regular-text" autocomplete="off" spellcheck="false" aria-describedby="studio_data_studio_key-help"> <p class="description" id="studio_data_studio_key-help">%2$s</p>',
		esc_attr( STUDIO_DATA_OPTION ),
		'' === $hint
			? esc_html__( 'No key is saved. Ask your Studio Data server\'s operator for one (npm run studio-key -- create STUDIO_ID).', 'studio-data' )
			/* translators: %s: the first characters of the saved key, e.g. "sdk_Ab3x…". */
			: esc_html( sprintf( __( 'A key is saved (%s). It is not shown again; enter a new one to replace it.', 'studio-data' ), $hint ) )
	);
	if ( '' !== $hint ) {
		printf(
			'<p><label><input type="checkbox" name="%1$s[forget_studio_key]" value="1"> %2$s</label></p>',
			esc_attr( STUDIO_DATA_OPTION ),
			esc_html__( 'Remove the saved key', 'studio-data' )
		);
	}
}

function studio_data_render_settings_page(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
	studio_data_render_test_result();
	echo '<form action="' . esc_url( admin_url( 'options.php' ) ) . '" method="post">';
	settings_fields( 'studio_data' );
	do_settings_sections( STUDIO_DATA_SETTINGS_PAGE );
	submit_button();
	echo '</form>';

	echo '<h2>' . esc_html__( 'Test connection', 'studio-data' ) . '</h2><p>' . esc_html__( 'Asks the API for your studio\'s profile with the saved settings, and the studio API whether it accepts the saved studio key.', 'studio-data' ) . '</p>';
	echo '<form action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" method="post">';
	echo '<input type="hidden" name="action" value="studio_data_test_connection">';
	wp_nonce_field( 'studio_data_test_connection' );
	submit_button( __( 'Test connection', 'studio-data' ), 'secondary', 'submit', false );
	echo '</form></div>';
}

/**
 * The test's outcome: the studio's name, or the API's error in plain words. Asks the API directly
 * (no cache), so what it shows is the API's answer now.
 *
 * @return array{ok:bool,message:string}
 */
function studio_data_test_connection(): array {
	$settings = studio_data_get_settings();
	try {
		if ( '' === $settings['api_base_url'] ) {
			throw new \StudioData\Client\InvalidArgument( 'not configured', 'not_configured' );
		}
		$client  = new Client( $settings['api_base_url'], new WpTransport( 5.0 ) );
		$profile = $client->studioProfile( $settings['studio_id'] );
		// Any JSON is not a studio: an address that answers everything with JSON ({"hello":"world"}) is not the API.
		if ( ( $profile['id'] ?? null ) !== $settings['studio_id'] || ! is_string( $profile['name'] ?? null ) || '' === $profile['name'] ) {
			return array(
				'ok'      => false,
				'message' => __( 'The API address answered, but not with a Studio Data studio profile: check that it is the Studio Data server\'s address.', 'studio-data' ),
			);
		}
		/* translators: %s: the studio's name as the API gives it. */
		$connected   = sprintf( __( 'Connected. The API knows your studio as “%s”.', 'studio-data' ), (string) ( $profile['name'] ?? '' ) );
		$key_problem = studio_data_saved_key_problem();
		return array(
			'ok'      => null === $key_problem,
			'message' => null === $key_problem ? $connected : $connected . ' ' . $key_problem,
		);
	} catch ( ApiError $error ) {
		return array(
			'ok'      => false,
			'message' => studio_data_describe_error( $error ),
		);
	}
}

/**
 * What is wrong with the saved studio key, asked of the studio API (one booking read), or null when
 * it is accepted or none is saved: the Bookings screen, which needs it, would otherwise be the first
 * to say that a revoked key no longer opens it.
 */
function studio_data_saved_key_problem(): ?string {
	if ( '' === studio_data_studio_key() ) {
		return null;
	}
	try {
		studio_data_studio_client()->bookings( array( 'limit' => 1 ) );
		return null;
	} catch ( ApiError $error ) {
		return studio_data_describe_error( $error );
	}
}

function studio_data_handle_test_connection(): void {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'You are not allowed to change these settings.', 'studio-data' ), '', array( 'response' => 403 ) );
	}
	check_admin_referer( 'studio_data_test_connection' );
	set_transient( 'studio_data_test_' . get_current_user_id(), studio_data_test_connection(), MINUTE_IN_SECONDS );
	wp_safe_redirect( admin_url( 'options-general.php?page=' . STUDIO_DATA_SETTINGS_PAGE . '&studio-data-tested=1' ) );
	exit;
}

function studio_data_render_test_result(): void {
	// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only decides whether to show a stored result.
	if ( empty( $_GET['studio-data-tested'] ) ) {
		return;
	}
	$result = get_transient( 'studio_data_test_' . get_current_user_id() );
	if ( ! is_array( $result ) ) {
		return;
	}
	delete_transient( 'studio_data_test_' . get_current_user_id() );
	printf(
		'<div class="notice %1$s"><p>%2$s</p></div>',
		$result['ok'] ? 'notice-success' : 'notice-error',
		esc_html( (string) $result['message'] )
	);
}
