<?php
final class RestTest extends StudioDataTestCase {
	/**
	 * The proxy's routes against the contract (contract/openapi.json): one route per path of the
	 * public API, with the contract's path parameters and `from` where the contract takes it. Routes
	 * under /blocks/ are the blocks' own, not the proxy's.
	 */
	public function test_the_proxy_mirrors_each_path_of_the_contract(): void {
		$document = json_decode( (string) file_get_contents( dirname( __DIR__, 4 ) . '/contract/openapi.json' ), true, 512, JSON_THROW_ON_ERROR );
		$contract = $document['paths'];
		unset( $contract['/api/public/openapi.json'] );
		// JSON endpoints only: calendars subscribe to the feed itself (text/calendar), not through WordPress.
		$contract = array_filter( $contract, static fn ( array $item ): bool => isset( $item['get']['responses']['200']['content']['application/json'] ) );

		$proxied = array();
		foreach ( rest_get_server()->get_routes( 'studio-data/v1' ) as $route => $handlers ) {
			if ( '/studio-data/v1' === $route || str_starts_with( $route, '/studio-data/v1/blocks/' ) ) {
				continue;
			}
			// (?P<studio_id>…) → {studioId}: the proxy's names are the contract's in snake case.
			$template = '/api/public' . preg_replace_callback(
				'#\(\?P<(\w+)>[^)]*\)#',
				static fn ( array $match ): string => '{' . lcfirst( str_replace( '_', '', ucwords( $match[1], '_' ) ) ) . '}',
				substr( $route, strlen( '/studio-data/v1' ) )
			);
			$proxied[ $template ] = array_keys( $handlers[0]['args'] );
		}
		$this->assertEqualsCanonicalizing( array_keys( $contract ), array_keys( $proxied ) );

		foreach ( $contract as $template => $item ) {
			$parameters = array_map(
				static fn ( array $parameter ): string => $parameter['name'] ?? basename( $parameter['$ref'] ),
				array_merge( $item['parameters'] ?? array(), $item['get']['parameters'] ?? array() )
			);
			$expected   = array_map( static fn ( string $name ): string => strtolower( preg_replace( '/[A-Z]/', '_$0', $name ) ), $parameters );
			$this->assertEqualsCanonicalizing( $expected, $proxied[ $template ] ?? array(), $template );
		}
	}

	public function test_editor_routes_refuse_visitors_and_subscribers(): void {
		$this->assertSame( 401, $this->restGet( '/studio/' . $this->liveStudio() . '/profile' )->get_status() );
		wp_set_current_user( $this->userWithRole( 'subscriber' ) );
		$this->assertSame( 403, $this->restGet( '/studio/' . $this->liveStudio() . '/private-lesson-questions' )->get_status() );
	}

	public function test_editors_get_decoded_data_with_locale_maps_as_objects(): void {
		wp_set_current_user( $this->userWithRole( 'contributor' ) );
		$response = $this->restGet( '/studio/' . $this->liveStudio() . '/profile' );
		$this->assertSame( 200, $response->get_status() );
		$json = json_decode( wp_json_encode( rest_get_server()->response_to_data( $response, false ) ), false );
		$this->assertSame( 'Salsa classes every night', $json->description->en );
		$this->assertIsObject( $json->studioTypes[1]->description, 'an empty map is {} not []' );

		$people = $this->restGet( '/studio/' . $this->liveStudio() . '/instructors' )->get_data();
		$this->assertSame( array( 'wp-live-carmen', 'wp-live-pablo' ), array_column( $people, 'id' ) );
		$this->assertSame( 'Carmen', $this->restGet( '/user/wp-live-carmen/profile' )->get_data()->name );
	}

	public function test_classes_and_events_are_cacheable_and_answer_editors_for_any_studio_and_date(): void {
		// The Madrid fixture's classes are in March 2026: the plugin's clock is held near them, since
		// the proxy takes dates within about a year of its today only.
		$this->addHook( 'studio_data_now', static fn (): int => (int) strtotime( '2026-03-20T12:00:00Z' ), 20 );
		wp_set_current_user( $this->userWithRole( 'contributor' ) );
		$classes = $this->restGet( '/studio/' . $this->madridStudio() . '/classes', array( 'from' => '2026-03-23' ) );
		$this->assertSame( 200, $classes->get_status() );
		$this->assertSame( 'public, max-age=60', $classes->get_headers()['Cache-Control'] );
		$this->assertContains( 'Salsa Beginners', array_column( $classes->get_data(), 'name' ) );

		$by_type = $this->restGet( '/studio/' . $this->madridStudio() . '/classes/West Coast Swing', array( 'from' => '2026-03-23' ) );
		$this->assertSame( array( 'WCS Intensive', 'WCS Intensive' ), array_column( $by_type->get_data(), 'name' ) );

		$events = $this->restGet( '/studio/' . $this->madridStudio() . '/events', array( 'from' => '2026-03-23' ) );
		$this->assertSame( array( 'Saturday Social', 'Styling Workshop' ), array_column( $events->get_data(), 'name' ) );
	}

	public function test_from_must_be_a_date_near_today(): void {
		$this->assertSame( 400, $this->restGet( '/studio/' . $this->liveStudio() . '/classes', array( 'from' => '2026-02-30' ) )->get_status() );
		$this->assertSame( 400, $this->restGet( '/studio/' . $this->liveStudio() . '/classes', array( 'from' => '1999-01-01' ) )->get_status() );
		wp_set_current_user( $this->userWithRole( 'contributor' ) );
		$a_year_from_today = gmdate( 'Y-m-d', studio_data_now() + 380 * DAY_IN_SECONDS );
		$this->assertSame( 200, $this->restGet( '/studio/' . $this->liveStudio() . '/classes', array( 'from' => $a_year_from_today ) )->get_status() );
		$a_month_earlier = studio_data_now() - 30 * DAY_IN_SECONDS;
		$this->addHook( 'studio_data_now', static fn (): int => $a_month_earlier, 20 );
		$this->assertSame( 400, $this->restGet( '/studio/' . $this->liveStudio() . '/classes', array( 'from' => $a_year_from_today ) )->get_status(), 'more than 400 days from the clock\'s today' );
		$this->assertSame( 400, $this->restGet( '/studio/' . $this->liveStudio() . '/events', array( 'from' => 'tomorrow' ) )->get_status() );
	}

	public function test_api_errors_keep_their_status_and_say_what_is_wrong(): void {
		wp_set_current_user( $this->userWithRole( 'contributor' ) );
		$response = $this->restGet( '/studio/no-such-studio/classes' );
		$this->assertSame( 404, $response->get_status() );
		$this->assertSame( 'studio_data_studio_not_found', $response->get_data()['code'] );

		$this->takeApiDown();
		$this->assertSame( 503, $this->restGet( '/studio/' . $this->liveStudio() . '/events' )->get_status() );
	}
}
