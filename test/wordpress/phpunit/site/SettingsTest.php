<?php
final class SettingsTest extends StudioDataTestCase {
	public function test_the_sanitizer_keeps_only_known_keys_and_checks_each(): void {
		$this->configure( array( 'checkout_base_url' => 'https://book.example.com', 'studio_id' => 'kept-id' ) );
		$clean = studio_data_sanitize_settings(
			array(
				'api_base_url'      => ' https://api.example.com/ ',
				'checkout_base_url' => 'javascript:alert(1)',
				'studio_id'         => 'bad id!',
				'default_locale'    => 'es_MX',
				'cache_ttl'         => '5',
				'evil'              => '<script>',
			)
		);
		$this->assertSame(
			array(
				'api_base_url'      => 'https://api.example.com',
				'checkout_base_url' => 'https://book.example.com',
				'studio_id'         => 'kept-id',
				'default_locale'    => 'es-MX',
				'cache_ttl'         => STUDIO_DATA_MIN_CACHE_TTL,
			),
			$clean
		);
	}

	public function test_every_write_of_the_option_goes_through_the_sanitizer(): void {
		update_option( STUDIO_DATA_OPTION, array( 'cache_ttl' => 10 ** 9, 'default_locale' => '', 'injected' => 1 ) );
		$saved = get_option( STUDIO_DATA_OPTION );
		$this->assertSame( STUDIO_DATA_MAX_CACHE_TTL, $saved['cache_ttl'] );
		$this->assertSame( studio_data_site_locale(), $saved['default_locale'], 'left empty: the site\'s language' );
		$this->assertArrayNotHasKey( 'injected', $saved );
	}

	public function test_a_default_locale_that_is_not_a_language_tag_keeps_the_one_saved_before_and_says_why(): void {
		require_once ABSPATH . 'wp-admin/includes/template.php';
		update_option( STUDIO_DATA_OPTION, array( 'default_locale' => 'es-ES' ) );
		update_option( STUDIO_DATA_OPTION, array( 'default_locale' => 'english!!' ) );
		$this->assertSame( 'es-ES', get_option( STUDIO_DATA_OPTION )['default_locale'] );
		$this->assertContains( 'The default locale must be a language tag such as "en" or "es-MX".', array_column( get_settings_errors( STUDIO_DATA_OPTION ), 'message' ) );
	}

	public function test_unset_settings_get_defaults_and_the_checkout_is_the_api_server(): void {
		delete_option( STUDIO_DATA_OPTION );
		$this->assertSame(
			array(
				'api_base_url'      => '',
				'checkout_base_url' => '',
				'studio_id'         => '',
				'default_locale'    => str_replace( '_', '-', get_locale() ),
				'cache_ttl'         => 300,
			),
			studio_data_get_settings()
		);
		update_option( STUDIO_DATA_OPTION, array( 'api_base_url' => 'https://api.example.com' ) );
		$this->assertSame( 'https://api.example.com', studio_data_get_settings()['checkout_base_url'] );
	}

	public function test_the_connection_test_shows_the_studios_name(): void {
		$this->configure( array( 'studio_id' => $this->liveStudio() ) );
		$result = studio_data_test_connection();
		$this->assertTrue( $result['ok'] );
		$this->assertStringContainsString( 'Ritmo Live Studio', $result['message'] );
	}

	public function test_when_the_saved_studio_key_is_refused_then_the_connection_test_says_so_beside_the_studios_name(): void {
		$this->configure( array( 'studio_id' => $this->liveStudio() ) );
		// Well formed, but no key the API knows: a key revoked since it was saved.
		update_option( STUDIO_DATA_KEY_OPTION, 'sdk_' . str_repeat( 'A', 43 ), false );
		$result = studio_data_test_connection();
		$this->assertFalse( $result['ok'] );
		$this->assertSame( 'Connected. The API knows your studio as “Ritmo Live Studio”. The studio key was refused: it is unknown or revoked. Enter a current key under Settings → Studio Data → Studio API.', $result['message'] );
	}

	public function test_when_the_saved_studio_key_is_accepted_then_the_connection_test_says_connected(): void {
		$key = (string) getenv( 'STUDIO_DATA_LIVE_STUDIO_KEY' );
		// The WordPress suite always gives one (site-suite.ts): without it this test fails, it is never skipped.
		$this->assertNotSame( '', $key, 'STUDIO_DATA_LIVE_STUDIO_KEY is not set: run through the WordPress suite.' );
		$this->configure( array( 'studio_id' => $this->liveStudio() ) );
		update_option( STUDIO_DATA_KEY_OPTION, $key, false );
		$result = studio_data_test_connection();
		$this->assertTrue( $result['ok'] );
		$this->assertSame( 'Connected. The API knows your studio as “Ritmo Live Studio”.', $result['message'] );
	}

	public function test_when_the_api_address_answers_any_json_that_is_no_studio_then_the_connection_test_does_not_say_connected(): void {
		$this->configure( array( 'studio_id' => $this->liveStudio() ) );
		// Another service at the address, answering everything with JSON.
		$this->addHook(
			'pre_http_request',
			static fn (): array => array(
				'headers'  => array( 'content-type' => 'application/json' ),
				'body'     => '{"hello":"world"}',
				'response' => array( 'code' => 200, 'message' => 'OK' ),
				'cookies'  => array(),
				'filename' => null,
			)
		);
		$result = studio_data_test_connection();
		$this->assertFalse( $result['ok'] );
		$this->assertStringContainsString( 'not with a Studio Data studio profile', $result['message'] );
	}

	public function test_the_connection_test_explains_an_unknown_studio_in_plain_words(): void {
		$this->configure( array( 'studio_id' => 'no-such-studio' ) );
		$result = studio_data_test_connection();
		$this->assertFalse( $result['ok'] );
		$this->assertStringContainsString( 'does not know this studio ID', $result['message'] );
	}

	public function test_the_connection_test_explains_an_api_that_is_down(): void {
		$this->takeApiDown();
		$result = studio_data_test_connection();
		$this->assertFalse( $result['ok'] );
		$this->assertStringContainsString( 'could not be reached', $result['message'] );
	}

	public function test_when_nothing_answers_at_the_api_address_then_the_connection_test_says_so_in_plain_words_not_curls(): void {
		$this->configure( array( 'api_base_url' => 'http://127.0.0.1:9' ) );
		wp_set_current_user( $this->userWithRole( 'administrator' ) );
		$result = studio_data_test_connection();
		$this->assertFalse( $result['ok'] );
		$this->assertSame( 'The API could not be reached: nothing answers at 127.0.0.1:9 (the connection was refused). Check the API base URL, and that the Studio Data server is running.', $result['message'] );
		$this->assertStringNotContainsString( 'cURL', $result['message'] );
	}

	public function test_when_an_https_address_names_a_plain_http_server_then_the_connection_test_says_to_use_http_not_that_a_certificate_failed(): void {
		$api = wp_parse_url( studio_data_get_settings()['api_base_url'] );
		$this->configure( array( 'api_base_url' => 'https://' . $api['host'] . ':' . $api['port'] ) );
		wp_set_current_user( $this->userWithRole( 'administrator' ) );
		$result = studio_data_test_connection();
		$this->assertFalse( $result['ok'] );
		$this->assertSame( 'The API could not be reached: ' . $api['host'] . ':' . $api['port'] . ' does not answer secure (HTTPS) connections. If the Studio Data server is served over plain HTTP (on your own network only), use an http:// address; otherwise ask its operator to set up HTTPS.', $result['message'] );
	}

	public function test_when_the_api_address_answers_not_found_without_problem_details_then_the_connection_test_says_it_once(): void {
		$this->answerApiWith( '/profile', 404, '<html><body>Not Found</body></html>', array( 'content-type' => 'text/html' ) );
		$result = studio_data_test_connection();
		$this->assertSame( 'The API address seems wrong: the server answered "not found". Check the API base URL.', $result['message'] );
	}

	public function test_only_administrators_may_run_the_connection_test(): void {
		wp_set_current_user( $this->userWithRole( 'editor' ) );
		$this->addHook( 'wp_die_handler', static fn () => static function ( $message, $title, $args ) {
			throw new RuntimeException( 'wp_die ' . ( $args['response'] ?? '' ) );
		} );
		$this->expectExceptionMessage( 'wp_die 403' );
		studio_data_handle_test_connection();
	}

	public function test_the_connection_test_needs_its_nonce(): void {
		wp_set_current_user( $this->userWithRole( 'administrator' ) );
		$this->addHook( 'wp_die_handler', static fn () => static function ( $message, $title, $args ) {
			throw new RuntimeException( 'wp_die ' . ( $args['response'] ?? '' ) );
		} );
		$_REQUEST['_wpnonce'] = 'forged';
		try {
			$this->expectExceptionMessage( 'wp_die 403' );
			studio_data_handle_test_connection();
		} finally {
			unset( $_REQUEST['_wpnonce'] );
		}
	}

	public function test_uninstalling_removes_settings_cached_answers_and_last_good_copies(): void {
		global $wpdb;
		$this->configure( array( 'studio_id' => $this->liveStudio() ) );
		studio_data_bridge()->packages( $this->liveStudio() );
		$this->assertGreaterThan( 2, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '%studio\\_data\\_%'" ) );
		$names = $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE 'studio\\_data\\_%'" );
		sort( $names );
		// The settings, the cache's generation (the settings changed) and the packages' last good copy.
		$this->assertSame( array( 'studio_data_cache_generation', 'studio_data_lg_KEY', 'studio_data_settings' ), preg_replace( '/^studio_data_lg_[0-9a-f]{32}$/', 'studio_data_lg_KEY', $names ) );
		foreach ( $names as $name ) {
			get_option( $name ); // Now in the object cache.
		}
		wp_cache_set( 'other-plugin-entry', 'kept', 'other-plugin' );

		define( 'WP_UNINSTALL_PLUGIN', 'studio-data/studio-data.php' );
		include STUDIO_DATA_DIR . 'uninstall.php';

		$this->assertSame( '0', $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '%studio\\_data\\_%'" ) );
		foreach ( $names as $name ) {
			$this->assertFalse( wp_cache_get( $name, 'options' ), $name . ' is gone from the object cache too' );
		}
		$this->assertSame( 'kept', wp_cache_get( 'other-plugin-entry', 'other-plugin' ), 'the shared object cache is not flushed' );
	}

	public function test_a_wrong_api_address_or_a_missing_user_id_is_explained_in_plain_words(): void {
		$this->assertSame(
			'The Studio Data API address is not a valid http(s) address. Check it under Settings → Studio Data.',
			studio_data_describe_error( new StudioData\Client\InvalidArgument( 'The API base URL must be an http(s) address.', 'invalid_base_url', 0 ) )
		);
		$this->assertSame( 'No user ID was given for the profile.', studio_data_describe_error( new StudioData\Client\InvalidArgument( 'The user id is missing.', 'missing_user_id', 0 ) ) );
	}

	public function test_a_studio_key_is_kept_in_its_own_option_not_autoloaded_and_never_in_the_settings(): void {
		global $wpdb;
		$key = 'sdk_' . str_repeat( 'k', 43 );
		$clean = studio_data_sanitize_settings( array( 'studio_id' => 'kept-id', 'studio_key' => " $key " ) );
		$this->assertArrayNotHasKey( 'studio_key', $clean );
		$this->assertSame( $key, get_option( STUDIO_DATA_KEY_OPTION ) );
		$this->assertContains( $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", STUDIO_DATA_KEY_OPTION ) ), array( 'no', 'off' ) );
		$this->assertSame( 'sdk_kkkk…', studio_data_studio_key_hint() );

		// An empty field keeps it; a malformed one is refused and keeps it; "Remove" deletes it.
		studio_data_sanitize_settings( array( 'studio_key' => '' ) );
		studio_data_sanitize_settings( array( 'studio_key' => 'sdk_short' ) );
		$this->assertSame( $key, studio_data_studio_key() );
		studio_data_sanitize_settings( array( 'forget_studio_key' => '1' ) );
		$this->assertSame( '', studio_data_studio_key() );
		$this->assertFalse( get_option( STUDIO_DATA_KEY_OPTION ) );
	}

	public function test_the_settings_page_never_prints_the_saved_key(): void {
		update_option( STUDIO_DATA_KEY_OPTION, 'sdk_' . str_repeat( 'S', 43 ), false );
		ob_start();
		studio_data_render_studio_key_field();
		$html = ob_get_clean();
		$this->assertStringNotContainsString( str_repeat( 'S', 10 ), $html );
		$this->assertStringContainsString( 'value=""', $html );
		$this->assertStringContainsString( 'A key is saved (sdk_SSSS…).', $html );
	}
}
