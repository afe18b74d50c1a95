<?php
/**
 * The Book button resolved when the page is viewed: the next session of a weekly class or event,
 * and buttons saved for one dated class that has since taken place. The live studio's "Salsa Every Night" runs
 * every day at 23:30 in Madrid, from two weeks before the test's now (the plugin's clock) on.
 */
final class BookButtonTest extends StudioDataTestCase {
	private function checkout(): string {
		return studio_data_get_settings()['checkout_base_url'];
	}

	/** The id of the live studio's salsa class (or social, `$entry` wp-live-social) `$days` days from today (Madrid). */
	private function salsaSessionId( int $days, string $entry = 'wp-live-salsa' ): string {
		$day = ( new DateTimeImmutable( '@' . studio_data_now() ) )->setTimezone( new DateTimeZone( 'Europe/Madrid' ) )->setTime( 0, 0 )->modify( ( $days < 0 ? '' : '+' ) . $days . ' days' );
		return $entry . '-' . strtolower( $day->format( 'l' ) ) . '-' . $day->format( 'Ymd' );
	}

	/** The next session, seen from now, of the weekday series of the 23:30 salsa class (or the 23:50 social) `$first_day` days from today. */
	private function nextSalsaSessionId( int $first_day, string $entry = 'wp-live-salsa', int $minute = 30 ): string {
		$today_start = ( new DateTimeImmutable( '@' . studio_data_now() ) )->setTimezone( new DateTimeZone( 'Europe/Madrid' ) )->setTime( 23, $minute )->modify( '+' . $first_day . ' days' );
		return $this->salsaSessionId( $today_start->getTimestamp() >= studio_data_now() ? $first_day : $first_day + 7, $entry );
	}

	public function test_when_a_button_books_a_weekly_event_then_it_links_its_next_session(): void {
		// The live studio's social, every night at 23:50 in Madrid (wp-live-social-monday, ...).
		$series = 'wp-live-social-' . strtolower( ( new DateTimeImmutable( '@' . studio_data_now() ) )->setTimezone( new DateTimeZone( 'Europe/Madrid' ) )->format( 'l' ) );
		$html   = studio_data_render_book_button( array( 'kind' => 'series', 'target' => $series, 'studio' => $this->liveStudio() ) );
		$this->assertStringContainsString( 'href="' . esc_url( $this->checkout() . '/book/' . $this->nextSalsaSessionId( 0, 'wp-live-social', 50 ) . '?lang=en' ) . '">Book now<', $html );
	}

	public function test_when_a_button_books_a_weekly_class_then_it_links_its_next_session_whatever_the_week(): void {
		$series = 'wp-live-salsa-' . strtolower( ( new DateTimeImmutable( '@' . studio_data_now() ) )->setTimezone( new DateTimeZone( 'Europe/Madrid' ) )->format( 'l' ) );
		$html   = studio_data_render_book_button( array( 'kind' => 'series', 'target' => $series, 'studio' => $this->liveStudio() ) );
		$this->assertStringContainsString( 'href="' . esc_url( $this->checkout() . '/book/' . $this->nextSalsaSessionId( 0 ) . '?lang=en' ) . '">Book now<', $html );

		// A week later (the plugin's clock moved on), the same saved button books that week's session.
		$this->addHook( 'studio_data_now', static fn (): int => (int) STUDIO_DATA_TEST_NOW + 7 * DAY_IN_SECONDS, 20 );
		$this->assertStringContainsString( '/book/' . $this->nextSalsaSessionId( 0 ) . '?lang=en"', studio_data_render_book_button( array( 'kind' => 'series', 'target' => $series, 'studio' => $this->liveStudio() ) ) );
	}

	public function test_when_a_button_was_saved_for_a_class_that_has_taken_place_then_it_books_the_next_session_of_that_class(): void {
		$past = $this->salsaSessionId( -7 );
		$html = studio_data_render_book_button( array( 'kind' => 'class', 'target' => $past, 'studio' => $this->liveStudio() ) );
		$this->assertStringNotContainsString( $past, $html );
		$this->assertStringContainsString( '/book/' . $this->nextSalsaSessionId( 0 ) . '?lang=en"', $html );
		// One still ahead is linked as saved.
		$ahead = $this->salsaSessionId( 3 );
		$this->assertStringContainsString( '/book/' . $ahead . '?lang=en"', studio_data_render_book_button( array( 'target' => $ahead ) ) );
	}

	public function test_when_a_weekly_class_has_no_session_left_then_visitors_see_no_button_and_editors_a_note(): void {
		$this->assertSame( '', studio_data_render_book_button( array( 'kind' => 'series', 'target' => 'no-such-series', 'studio' => $this->liveStudio() ) ) );
		wp_set_current_user( $this->userWithRole( 'editor' ) );
		$this->assertStringContainsString( 'no session to book in the next two weeks', studio_data_render_book_button( array( 'kind' => 'series', 'target' => 'no-such-series', 'studio' => $this->liveStudio() ) ) );
	}

	public function test_when_this_site_is_not_the_studios_website_then_a_dialog_button_opens_the_page_as_a_link_and_editors_are_told_why(): void {
		// The live studio's website is https://ritmo.example.com, not this test site: its booking pages refuse to be framed here.
		$ahead = $this->salsaSessionId( 3 );
		$html  = studio_data_render_book_button( array( 'target' => $ahead, 'dialog' => true, 'studio' => $this->liveStudio() ) );
		$this->assertStringContainsString( 'href="' . esc_url( $this->checkout() . '/book/' . $ahead . '?lang=en' ) . '">Book now</a></p>', $html );
		$this->assertStringNotContainsString( 'data-studio-data-dialog', $html );
		$this->assertStringNotContainsString( 'studio-data--unavailable', $html, 'visitors see the button only' );
		wp_set_current_user( $this->userWithRole( 'editor' ) );
		$this->assertStringContainsString( 'opens in a dialog only on the studio’s own website', studio_data_render_book_button( array( 'target' => $ahead, 'dialog' => true, 'studio' => $this->liveStudio() ) ) );
	}

	public function test_when_the_api_is_down_then_a_saved_dated_class_is_still_linked_as_saved(): void {
		$this->takeApiDown();
		$ahead = $this->salsaSessionId( 2 );
		$this->assertStringContainsString( '/book/' . $ahead . '?lang=en"', studio_data_render_book_button( array( 'target' => $ahead ) ) );
	}
}
