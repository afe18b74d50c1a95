<?php
use StudioData\Client\NotFound;
use StudioData\Client\Unavailable;
use StudioData\WordPress\RemoteSanitizer;

final class BridgeTest extends StudioDataTestCase {
	public function test_answers_are_decoded_with_locale_maps_as_arrays(): void {
		$profile = studio_data_bridge()->studioProfile( $this->liveStudio() );
		$this->assertSame( array( 'es' => 'Clases de salsa cada noche', 'en' => 'Salsa classes every night' ), $profile['description'] );
		$this->assertSame( 'Bachata teacher', studio_data_bridge()->instructors( $this->liveStudio() )[1]['bio']['en'] );
	}

	public function test_a_fresh_copy_is_served_without_asking_the_api(): void {
		studio_data_bridge()->packages( $this->liveStudio() );
		studio_data_bridge()->packages( $this->liveStudio() );
		$this->assertCount( 1, $this->api_requests );
	}

	public function test_an_expired_copy_is_revalidated_with_its_etag(): void {
		$first = studio_data_bridge()->packages( $this->liveStudio() );
		studio_data_flush_cache();
		$second = studio_data_bridge()->packages( $this->liveStudio() );

		$this->assertSame( $first, $second );
		$this->assertCount( 2, $this->api_requests );
		$this->assertMatchesRegularExpression( '/^"[A-Za-z0-9_-]+"$/', $this->api_requests[0]['etag'] );
		$this->assertSame( $this->api_requests[0]['etag'], $this->api_requests[1]['if_none_match'] );
		$this->assertSame( 304, $this->api_requests[1]['status'] );
	}

	public function test_when_the_api_is_down_the_last_good_copy_is_served(): void {
		$good = studio_data_bridge()->classes( $this->liveStudio() );
		studio_data_flush_cache();
		$this->takeApiDown();

		$this->assertSame( $good, studio_data_bridge()->classes( $this->liveStudio() ) );
		// This week: the studio's two nightly classes, each on all seven days.
		$this->assertSame( array( 'Bachata Late' => 7, 'Salsa Every Night' => 7 ), self::countsByName( $good ) );
	}

	public function test_a_failure_is_remembered_so_a_failing_api_is_not_asked_on_every_view(): void {
		studio_data_bridge()->classes( $this->liveStudio() );
		studio_data_flush_cache();
		$this->takeApiDown();
		studio_data_bridge()->classes( $this->liveStudio() );
		studio_data_bridge()->classes( $this->liveStudio() );
		studio_data_bridge()->classes( $this->liveStudio() );
		$this->assertCount( 2, $this->api_requests, 'one good request, then one failed request' );
	}

	public function test_with_no_last_good_copy_an_outage_is_an_unavailable_error(): void {
		$this->takeApiDown();
		$this->expectException( Unavailable::class );
		studio_data_bridge()->events( $this->liveStudio() );
	}

	public function test_an_unknown_studio_is_not_found_even_when_an_old_copy_exists(): void {
		$this->expectException( NotFound::class );
		studio_data_bridge()->packages( 'no-such-studio' );
	}

	public function test_unknown_names_are_remembered_across_requests_in_a_bounded_number_of_rows(): void {
		global $wpdb;
		$count = static fn () => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '%studio\\_data\\_%'" );
		$ask   = function ( string $type ): void {
			try {
				studio_data_bridge()->classesByType( $this->liveStudio(), $type );
				$this->fail( 'no error for ' . $type );
			} catch ( NotFound $error ) {
				$this->assertSame( 'dance_type_not_found', $error->problemCode );
			}
		};
		$before = $count();
		$ask( 'nope-1' );
		$after_one = $count();
		foreach ( array( 'nope-2', 'nope-3', 'nope-4' ) as $type ) {
			$ask( $type );
		}
		$this->assertSame( $after_one, $count(), 'more unknown names, no more rows' );
		$this->assertLessThanOrEqual( $before + 2, $after_one, 'one transient (value and timeout)' );

		wp_cache_flush(); // The next page view, without a persistent object cache.
		$ask( 'nope-1' );
		$this->assertCount( 4, $this->api_requests, 'the remembered 404 is not asked again' );
	}

	public function test_a_type_name_in_any_case_is_one_cache_entry(): void {
		$first  = studio_data_bridge()->classesByType( $this->madridStudio(), 'West Coast Swing', '2026-03-23' );
		$second = studio_data_bridge()->classesByType( $this->madridStudio(), 'WEST coast swing', '2026-03-23' );
		$this->assertSame( $first, $second );
		$this->assertCount( 1, $this->api_requests );
	}

	public function test_a_rate_limit_stops_live_data_no_longer_than_its_retry_after(): void {
		global $wpdb;
		$this->answerApiWith(
			'/packages',
			429,
			'{"type":"about:blank","title":"Too Many Requests","status":429,"code":"rate_limited","detail":"Slow down."}',
			array(
				'content-type' => 'application/problem+json',
				'retry-after'  => '5',
			)
		);
		try {
			studio_data_bridge()->packages( $this->liveStudio() );
			$this->fail( 'a 429 with no last good copy is an error' );
		} catch ( Unavailable $error ) {
			$this->assertSame( 429, $error->status );
		}
		$until = (int) json_decode( (string) $wpdb->get_var( "SELECT option_value FROM {$wpdb->options} WHERE option_name = 'studio_data_api_down'" ), true )['until'];
		$this->assertGreaterThan( time(), $until );
		$this->assertLessThanOrEqual( time() + 5, $until );
	}

	public function test_a_dated_windows_last_good_copy_expires_a_week_after_the_window_ends(): void {
		global $wpdb;
		$rows = static fn ( string $like ) => (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE %s", $like ) );
		$from = gmdate( 'Y-m-d', studio_data_now() + 14 * DAY_IN_SECONDS );

		studio_data_bridge()->events( $this->liveStudio(), $from );
		$this->assertSame( 0, $rows( 'studio\_data\_lg\_%' ), 'no copy without expiry' );
		$until = (int) $wpdb->get_var( "SELECT option_value FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_timeout\\_studio\\_data\\_lg\\_%'" );
		$this->assertSame( strtotime( $from . ' 00:00:00 UTC' ) + ( 7 + StudioData\WordPress\Bridge::DATED_COPY_GRACE_DAYS ) * DAY_IN_SECONDS, $until );

		studio_data_flush_cache();
		$this->takeApiDown();
		$this->assertSame( array( 'Midnight Social' => 7 ), self::countsByName( studio_data_bridge()->events( $this->liveStudio(), $from ) ), 'still served while it lives' );
	}

	public function test_windows_starting_today_are_asked_without_a_date_and_kept_as_one_copy(): void {
		$today = studio_data_local_today( new DateTimeZone( 'Europe/Madrid' ) );
		studio_data_render_schedule( array( 'from' => $today ) );
		studio_data_render_events( array( 'weeks' => 2 ) );
		$windows = array_values( preg_grep( '#/(classes|events)#', array_column( $this->api_requests, 'url' ) ) );
		$this->assertCount( 3, $windows );
		$this->assertStringNotContainsString( 'from=', $windows[0] );
		$this->assertStringNotContainsString( 'from=', $windows[1] );
		$this->assertStringContainsString( 'from=' . ( new DateTimeImmutable( $today ) )->modify( '+7 days' )->format( 'Y-m-d' ), $windows[2] );
	}

	public function test_list_answers_keep_only_objects(): void {
		$this->assertSame( array( array( 'id' => 'a' ) ), RemoteSanitizer::clean( array( null, 'x', 3, array( 'id' => 'a' ) ), true ) );
		$this->assertSame( array(), RemoteSanitizer::clean( array( 'name' => 'not a list' ), true ) );
	}

	public function test_remote_fields_are_sanitized_on_the_way_in(): void {
		$clean = RemoteSanitizer::clean(
			array(
				'id'          => 'ok-id"><script>',
				'name'        => "Rock & Roll <3\x00\x07",
				'logo'        => 'javascript:alert(1)',
				'website'     => 'https://studio.example.com/a b',
				'price'       => 12.5,
				'capacity'    => 3,
				'object'      => new stdClass(),
				'bad key!'    => 'dropped',
				'description' => array( 'es-MX' => "Línea 1\nLínea 2" ),
				'nested'      => array( array( 'image' => 'data:text/html,x' ) ),
			)
		);
		$this->assertSame( 'ok-idscript', $clean['id'] );
		$this->assertSame( 'Rock & Roll <3', $clean['name'] );
		$this->assertNull( $clean['logo'] );
		$this->assertSame( 'https://studio.example.com/a%20b', $clean['website'] );
		$this->assertSame( 12.5, $clean['price'] );
		$this->assertSame( 3, $clean['capacity'] );
		$this->assertNull( $clean['object'] );
		$this->assertArrayNotHasKey( 'bad key!', $clean );
		$this->assertSame( "Línea 1\nLínea 2", $clean['description']['es-MX'] );
		$this->assertNull( $clean['nested'][0]['image'] );
	}

	/**
	 * @param list<array<string,mixed>> $entries Classes or events.
	 * @return array<string,int> How many entries of each name, by name.
	 */
	private static function countsByName( array $entries ): array {
		$counts = array_count_values( array_column( $entries, 'name' ) );
		ksort( $counts );
		return $counts;
	}
}
