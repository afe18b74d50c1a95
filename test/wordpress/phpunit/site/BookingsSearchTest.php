<?php
/**
 * The Bookings screen's search, against the real studio API with a real key
 * (STUDIO_DATA_LIVE_STUDIO_KEY): the API finds the bookings (its `q`, among all the studio's
 * bookings, whatever their date), the screen shows them a page at a time. Two students named Núñez
 * booked a class ten days ahead (STUDIO_DATA_SEARCH_REFERENCES: Jørgen's, then Núria's).
 */
final class BookingsSearchTest extends StudioDataTestCase {
	/** @var array{jorgen:string,nuria:string} */
	private array $references;

	protected function setUp(): void {
		parent::setUp();
		$key        = (string) getenv( 'STUDIO_DATA_LIVE_STUDIO_KEY' );
		$references = explode( ',', (string) getenv( 'STUDIO_DATA_SEARCH_REFERENCES' ) );
		if ( '' === $key || 2 !== count( $references ) ) {
			$this->markTestSkipped( 'STUDIO_DATA_LIVE_STUDIO_KEY and STUDIO_DATA_SEARCH_REFERENCES are not set: run through the WordPress suite.' );
		}
		$this->references = array(
			'jorgen' => $references[0],
			'nuria'  => $references[1],
		);
		// The screen is rendered as in the admin, with its template functions (submit_button()).
		require_once ABSPATH . 'wp-admin/includes/template.php';
		update_option( STUDIO_DATA_KEY_OPTION, $key, false );
		wp_set_current_user( $this->userWithRole( 'administrator' ) );
	}

	protected function tearDown(): void {
		unset( $_GET['s'], $_GET['cursor'] );
		parent::tearDown();
	}

	/** The studio API's requests the plugin made (its public API requests left out). */
	private function studioApiRequests(): array {
		return array_values( array_filter( array_column( $this->api_requests, 'url' ), static fn ( string $url ): bool => str_contains( $url, '/api/studio/' ) ) );
	}

	public function test_the_screen_asks_the_api_for_the_words_typed_and_lists_every_booking_it_finds(): void {
		$_GET['s'] = '  NUNEZ ';
		ob_start();
		studio_data_render_bookings_page();
		$html = (string) ob_get_clean();

		$this->assertStringContainsString( 'Bookings matching “NUNEZ”', $html );
		$this->assertStringContainsString( '<code>' . $this->references['jorgen'] . '</code>', $html );
		$this->assertStringContainsString( '<code>' . $this->references['nuria'] . '</code>', $html );
		$this->assertStringContainsString( 'Jørgen Núñez', $html );
		$this->assertStringContainsString( 'Núria Núñez', $html );
		$this->assertStringNotContainsString( 'More bookings', $html );
		// One request, the search itself: no window of dates, no scan of the studio's bookings in PHP.
		$this->assertCount( 1, $this->studioApiRequests() );
		$this->assertMatchesRegularExpression( '#/api/studio/wp-live/bookings\?q=NUNEZ&limit=50$#', $this->studioApiRequests()[0] );
	}

	public function test_a_reference_in_any_case_finds_its_booking_alone(): void {
		ob_start();
		studio_data_render_bookings_search( strtolower( $this->references['nuria'] ), '' );
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( '<code>' . $this->references['nuria'] . '</code>', $html );
		$this->assertStringNotContainsString( $this->references['jorgen'], $html );
	}

	public function test_the_results_come_a_page_at_a_time_and_more_shows_the_next_page(): void {
		ob_start();
		studio_data_render_bookings_search( 'núñez', '', 1 );
		$first = (string) ob_get_clean();
		$this->assertSame( 1, preg_match( '#<a href="([^"]+)">More bookings</a>#', $first, $more ) );
		$query = array();
		parse_str( (string) wp_parse_url( html_entity_decode( $more[1] ), PHP_URL_QUERY ), $query );
		$this->assertSame( array( 'page', 's', 'cursor' ), array_keys( $query ) );
		$this->assertSame( 'núñez', $query['s'] );

		ob_start();
		studio_data_render_bookings_search( $query['s'], $query['cursor'], 1 );
		$second = (string) ob_get_clean();
		// The two were booked at the API's one instant: which comes first is not told, but each comes once.
		$shown = static fn ( string $html ): array => preg_match_all( '#<code>(SD-[A-Z0-9-]+)</code>#', $html, $found ) ? $found[1] : array();
		$both  = array_merge( $shown( $first ), $shown( $second ) );
		sort( $both );
		$expected = array_values( $this->references );
		sort( $expected );
		$this->assertSame( $expected, $both );

		ob_start();
		studio_data_render_bookings_search( 'núñez', '', 2 );
		$this->assertStringNotContainsString( 'More bookings', (string) ob_get_clean() );
	}

	public function test_a_search_that_finds_nothing_says_so(): void {
		ob_start();
		studio_data_render_bookings_search( 'nobody by this name', '' );
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( 'No booking matches.', $html );
		$this->assertStringNotContainsString( '<table', $html );
	}
}
