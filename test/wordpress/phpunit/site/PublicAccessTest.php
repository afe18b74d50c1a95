<?php
/**
 * The public REST routes (classes, events, the schedule block's week) for visitors: only the studios
 * the site shows, only the weeks its links go to, and no internal details in errors.
 */
final class PublicAccessTest extends StudioDataTestCase {
	private function madridDay( int $days_from_today ): string {
		return studio_data_today( new DateTimeZone( 'Europe/Madrid' ) )->modify( $days_from_today . ' days' )->format( 'Y-m-d' );
	}

	public function test_when_a_visitor_asks_for_a_studio_the_site_does_not_show_then_the_answer_is_403_and_the_api_is_not_asked(): void {
		foreach ( array( '/studio/made-up-1/classes', '/studio/made-up-2/classes/Salsa', '/studio/made-up-3/events' ) as $route ) {
			$this->assertSame( 403, $this->restGet( $route )->get_status(), $route );
		}
		$week = new WP_REST_Request( 'GET', '/studio-data/v1/blocks/class-schedule/week' );
		$week->set_query_params( array( 'from' => $this->madridDay( 7 ), 'studioId' => 'made-up-4' ) );
		$this->assertSame( 403, rest_do_request( $week )->get_status() );
		$this->assertSame( array(), $this->api_requests );

		$this->assertSame( 200, $this->restGet( '/studio/' . $this->liveStudio() . '/classes' )->get_status(), 'the configured studio is public' );
	}

	public function test_when_a_visitor_asks_for_30_made_up_dance_types_then_each_is_not_found_from_the_cached_profile_without_a_call(): void {
		studio_data_bridge()->studioProfile( $this->liveStudio() );
		$this->api_requests = array();
		for ( $i = 1; $i <= 30; $i++ ) {
			$answer = $this->restGet( '/studio/' . $this->liveStudio() . '/classes/made-up-dance-' . $i );
			$this->assertSame( 404, $answer->get_status() );
			$this->assertSame( 'studio_data_dance_type_not_found', $answer->as_error()->get_error_code() );
		}
		$this->assertSame( array(), $this->api_requests, 'no call for a name the profile does not list' );

		$salsa = $this->restGet( '/studio/' . $this->liveStudio() . '/classes/sALSA' );
		$this->assertSame( 200, $salsa->get_status(), 'a type the studio has, in any case' );
		$this->assertContains( 'Salsa Every Night', array_column( $salsa->get_data(), 'name' ) );
		$this->assertCount( 1, $this->api_requests );
	}

	public function test_when_a_page_shows_another_studio_by_shortcode_then_visitors_may_ask_for_its_weeks(): void {
		$this->assertSame( 403, $this->restGet( '/studio/' . $this->madridStudio() . '/events' )->get_status() );
		do_shortcode( '[studio_data_schedule studio="' . $this->madridStudio() . '"]' );
		$this->assertSame( 200, $this->restGet( '/studio/' . $this->madridStudio() . '/events' )->get_status() );
	}

	public function test_when_a_page_shows_another_studio_by_block_then_visitors_may_ask_for_its_weeks(): void {
		$this->assertSame( 403, $this->restGet( '/studio/' . $this->hostileStudio() . '/events' )->get_status() );
		do_blocks( '<!-- wp:studio-data/packages {"studioId":"' . $this->hostileStudio() . '"} /-->' );
		$this->assertSame( 200, $this->restGet( '/studio/' . $this->hostileStudio() . '/events' )->get_status() );
	}

	public function test_rendering_a_studio_outside_a_page_view_does_not_make_it_public(): void {
		studio_data_render_schedule( array( 'studio' => $this->madridStudio() ) );
		$this->assertSame( 403, $this->restGet( '/studio/' . $this->madridStudio() . '/events' )->get_status() );
		$this->assertSame( array(), get_option( STUDIO_DATA_RENDERED_STUDIOS_OPTION, array() ) );
	}

	public function test_studios_previewed_in_the_admin_do_not_become_public(): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		set_current_screen( 'edit-page' );
		$this->assertTrue( is_admin() );
		try {
			do_shortcode( '[studio_data_schedule studio="' . $this->madridStudio() . '"]' );
		} finally {
			$GLOBALS['current_screen'] = null;
		}
		$this->assertSame( 403, $this->restGet( '/studio/' . $this->madridStudio() . '/events' )->get_status() );
	}

	public function test_the_allow_list_can_be_filtered(): void {
		$this->addHook( 'studio_data_public_studio_ids', fn ( $ids ) => array_merge( $ids, array( $this->hostileStudio() ) ) );
		$this->assertSame( 200, $this->restGet( '/studio/' . $this->hostileStudio() . '/classes' )->get_status() );
	}

	public function test_visitors_may_ask_only_for_the_weeks_the_site_links_to_while_editors_may_ask_any_date(): void {
		$classes = '/studio/' . $this->liveStudio() . '/classes';
		$this->assertSame( 200, $this->restGet( $classes, array( 'from' => $this->madridDay( 0 ) ) )->get_status() );
		$this->assertSame( 200, $this->restGet( $classes, array( 'from' => $this->madridDay( 7 ) ) )->get_status() );
		$this->assertSame( 200, $this->restGet( $classes, array( 'from' => $this->madridDay( 7 * STUDIO_DATA_PUBLIC_WEEKS ) ) )->get_status() );
		$this->assertSame( 400, $this->restGet( $classes, array( 'from' => $this->madridDay( 3 ) ) )->get_status(), 'not a week start' );
		$this->assertSame( 400, $this->restGet( $classes, array( 'from' => $this->madridDay( 7 * ( STUDIO_DATA_PUBLIC_WEEKS + 1 ) ) ) )->get_status(), 'too far' );
		$this->assertSame( 400, $this->restGet( '/studio/' . $this->liveStudio() . '/events', array( 'from' => $this->madridDay( 10 ) ) )->get_status() );

		wp_set_current_user( $this->userWithRole( 'contributor' ) );
		$this->assertSame( 200, $this->restGet( $classes, array( 'from' => $this->madridDay( 3 ) ) )->get_status() );
	}

	public function test_when_the_api_cannot_be_reached_then_visitors_are_not_told_internal_addresses_and_editors_are_told_once(): void {
		$this->configure( array( 'api_base_url' => 'http://127.0.0.1:9' ) );
		$visitor = $this->restGet( '/studio/' . $this->liveStudio() . '/events' );
		$this->assertSame( 503, $visitor->get_status() );
		$this->assertSame( 'The API could not be reached.', $visitor->as_error()->get_error_message() );

		wp_set_current_user( $this->userWithRole( 'contributor' ) );
		$editor = $this->restGet( '/studio/' . $this->liveStudio() . '/events' )->as_error()->get_error_message();
		$this->assertStringContainsString( '127.0.0.1', $editor );
		$this->assertSame( 1, substr_count( $editor, 'could not be reached' ), $editor );
	}
}
