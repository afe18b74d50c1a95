<?php
final class RestTest extends StudioDataTestCase {
	public function test_the_nine_api_paths_are_mirrored(): void {
		$routes = array_keys( rest_get_server()->get_routes( 'studio-data/v1' ) );
		foreach ( array( 'profile', 'instructors', 'classes', 'classes/(?P<type_name>', 'events', 'packages', 'private-lesson-instructors', 'private-lesson-questions' ) as $path ) {
			$this->assertNotEmpty( preg_grep( '#^/studio-data/v1/studio/\(\?P<studio_id>[^)]+\)/' . preg_quote( $path, '#' ) . '#', $routes ), $path );
		}
		$this->assertNotEmpty( preg_grep( '#^/studio-data/v1/user/\(\?P<user_id>#', $routes ) );
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
