<?php
/**
 * Two class-schedule blocks on one page (a page per dance type, say): each moves between weeks and
 * filters by its own query parameters, screen readers can tell their landmarks apart, and the filter
 * form sent without JavaScript keeps the rest of the address. Two events calendars likewise.
 */
final class SameBlockTwiceTest extends StudioDataTestCase {
	/** @var array<string,mixed> */
	private array $query_before = array();

	protected function setUp(): void {
		parent::setUp();
		$this->query_before = $_GET;
		// A new page view: no schedule rendered yet.
		unset( $GLOBALS['studio_data_blocks_rendered'] );
	}

	protected function tearDown(): void {
		$_GET = $this->query_before;
		unset( $GLOBALS['studio_data_blocks_rendered'] );
		parent::tearDown();
	}

	private function madridDay( int $days_from_today ): string {
		return studio_data_today( new DateTimeZone( 'Europe/Madrid' ) )->modify( $days_from_today . ' days' )->format( 'Y-m-d' );
	}

	/** The page's two schedules, as WordPress renders a post holding them. */
	private function renderTwoSchedules(): array {
		$block = '<!-- wp:studio-data/class-schedule {"studioId":"' . $this->liveStudio() . '","showPastClasses":true} /-->';
		preg_match_all( '#<div class="wp-block-studio-data-class-schedule.*?(?=<div class="wp-block-studio-data-class-schedule|$)#s', do_blocks( $block . $block ), $found );
		$this->assertCount( 2, $found[0], 'two schedule blocks rendered' );
		return $found[0];
	}

	/** @return list<string> the values of an attribute on the elements matched by a tag's opening */
	private static function attributes( string $html, string $tag_pattern, string $attribute ): array {
		preg_match_all( '#<' . $tag_pattern . '[^>]*\s' . $attribute . '="([^"]*)"#', $html, $found );
		return array_map( 'html_entity_decode', $found[1] );
	}

	public function test_the_second_schedule_names_its_landmarks_and_parameters_apart_from_the_first(): void {
		[ $first, $second ] = $this->renderTwoSchedules();

		$this->assertSame( array( 'Weeks of the schedule' ), self::attributes( $first, 'nav', 'aria-label' ) );
		$this->assertSame( array( 'Weeks of the schedule (2)' ), self::attributes( $second, 'nav', 'aria-label' ) );
		$this->assertSame( array( 'Filter the classes' ), self::attributes( $first, 'form', 'aria-label' ) );
		$this->assertSame( array( 'Filter the classes (2)' ), self::attributes( $second, 'form', 'aria-label' ) );
		$this->assertSame( array( 'Class schedule' ), self::attributes( $first, 'section', 'aria-label' ) );
		$this->assertSame( array( 'Class schedule (2)' ), self::attributes( $second, 'section', 'aria-label' ) );

		$this->assertSame( array( 'studio_data_type', 'studio_data_level', 'studio_data_instructor', 'studio_data_day' ), self::attributes( $first, 'select', 'name' ) );
		$this->assertSame( array( 'studio_data_type_2', 'studio_data_level_2', 'studio_data_instructor_2', 'studio_data_day_2' ), self::attributes( $second, 'select', 'name' ) );
		// The week links' addresses, as the Interactivity API binds them from the block's context.
		$this->assertStringContainsString( 'studio_data_week=' . $this->madridDay( 7 ), self::contextOf( $first )['nextHref'] );
		$this->assertStringContainsString( 'studio_data_week_2=' . $this->madridDay( 7 ), self::contextOf( $second )['nextHref'] );
		$this->assertSame( 'studio_data_week_2', self::contextOf( $second )['weekParam'] );
	}

	public function test_a_week_chosen_in_the_second_schedule_moves_only_the_second(): void {
		$_GET['studio_data_week_2'] = $this->madridDay( 14 );
		[ $first, $second ] = $this->renderTwoSchedules();

		$first_days  = self::attributes( $first, 'time', 'datetime' );
		$second_days = self::attributes( $second, 'time', 'datetime' );
		$this->assertSame( $this->madridDay( 0 ), $this->firstDayOf( $first ), 'the first stays on this week' );
		$this->assertSame( $this->madridDay( 14 ), $this->firstDayOf( $second ), 'the second shows the week its own parameter names' );
		$this->assertNotSame( $first_days, $second_days );
	}

	public function test_the_filter_form_sent_without_javascript_keeps_the_pages_address_and_the_other_schedules_week(): void {
		$_GET = array(
			'page_id'            => '42',
			'studio_data_week_2' => $this->madridDay( 14 ),
			'studio_data_type_2' => 'salsa',
			'hostile'            => '"><script>alert(1)</script>',
			'list'               => array( 'not', 'text' ),
		);
		[ $first, $second ] = $this->renderTwoSchedules();

		$hidden = static function ( string $html ): array {
			preg_match_all( '#<input type="hidden" name="([^"]*)" value="([^"]*)">#', $html, $found, PREG_SET_ORDER );
			$fields = array();
			foreach ( $found as [, $name, $value ] ) {
				$fields[ html_entity_decode( $name ) ] = html_entity_decode( $value );
			}
			return $fields;
		};
		$this->assertSame(
			array( 'page_id' => '42', 'studio_data_week_2' => $this->madridDay( 14 ), 'studio_data_type_2' => 'salsa', 'hostile' => '">' ),
			$hidden( $first ),
			'the first form carries the page and the second schedule along; markup in a value is stripped, a list left out'
		);
		$this->assertSame(
			array( 'page_id' => '42', 'hostile' => '">', 'studio_data_week_2' => $this->madridDay( 14 ) ),
			$hidden( $second ),
			'the second sends its own filters itself, and keeps its week'
		);
		$this->assertStringNotContainsString( '<script>alert', $first . $second );
	}

	public function test_another_week_loaded_in_place_keeps_the_second_schedules_landmark_name(): void {
		$request = new WP_REST_Request( 'GET', '/studio-data/v1/blocks/class-schedule/week' );
		$request->set_query_params( array( 'from' => $this->madridDay( 7 ), 'studioId' => $this->liveStudio(), 'number' => 2 ) );
		$answer = rest_do_request( $request );
		$this->assertSame( 200, $answer->get_status() );
		$this->assertSame( array( 'Class schedule (2)' ), self::attributes( $answer->get_data()['html'], 'section', 'aria-label' ) );

		$request->set_query_params( array( 'from' => $this->madridDay( 7 ), 'studioId' => $this->liveStudio(), 'number' => 0 ) );
		$this->assertSame( 400, rest_do_request( $request )->get_status(), 'schedules are numbered from 1' );
	}

	/** @return array<string,mixed> the schedule's Interactivity API context */
	private static function contextOf( string $html ): array {
		// wp_interactivity_data_wp_context() writes the JSON between single quotes.
		preg_match( "#<div class=\"studio-data-schedule-tools\"[^>]*data-wp-context='([^']*)'#", $html, $found );
		$context = json_decode( html_entity_decode( $found[1] ?? '' ), true );
		return is_array( $context ) ? $context : array();
	}

	public function test_two_events_calendars_page_through_months_apart_and_name_their_landmarks_apart(): void {
		$this->addHook( 'studio_data_now', static fn (): int => (int) ( new DateTimeImmutable( '2026-12-10 12:00', new DateTimeZone( 'Europe/Madrid' ) ) )->getTimestamp(), 20 );
		$_GET['studio_data_month_2'] = '2027-02';
		$block                       = '<!-- wp:studio-data/events {"studioId":"' . $this->liveStudio() . '","layout":"calendar"} /-->';
		preg_match_all( '#<div class="wp-block-studio-data-events.*?(?=<div class="wp-block-studio-data-events|$)#s', do_blocks( $block . $block ), $found );
		$this->assertCount( 2, $found[0], 'two events blocks rendered' );
		[ $first, $second ] = $found[0];

		$this->assertSame( array( 'Months of the calendar' ), self::attributes( $first, 'nav', 'aria-label' ) );
		$this->assertSame( array( 'Months of the calendar (2)' ), self::attributes( $second, 'nav', 'aria-label' ) );
		$this->assertStringContainsString( '>December 2026</span>', $first );
		$this->assertStringContainsString( '>February 2027<span class="screen-reader-text"> (2)</span></span>', $second, 'the second shows the month its own parameter names, its title told apart' );
		$this->assertStringContainsString( 'studio_data_month=2027-01', self::attributes( $first, 'a rel="next"', 'href' )[0] ?? '' );
		$this->assertStringContainsString( 'studio_data_month_2=2027-03', self::attributes( $second, 'a rel="next"', 'href' )[0] ?? '' );
	}

	public function test_two_events_calendar_shortcodes_page_through_months_apart_as_two_blocks_do(): void {
		$this->addHook( 'studio_data_now', static fn (): int => (int) ( new DateTimeImmutable( '2026-12-10 12:00', new DateTimeZone( 'Europe/Madrid' ) ) )->getTimestamp(), 20 );
		$_GET['studio_data_month_2'] = '2027-02';
		$shortcode                   = '[studio_data_events studio="' . $this->liveStudio() . '" layout="calendar"]';
		$html                        = do_shortcode( $shortcode . '<hr>' . $shortcode );
		[ $first, $second ]          = explode( '<hr>', $html );

		$this->assertSame( array( 'Months of the calendar' ), self::attributes( $first, 'nav', 'aria-label' ) );
		$this->assertSame( array( 'Months of the calendar (2)' ), self::attributes( $second, 'nav', 'aria-label' ) );
		$this->assertStringContainsString( '>December 2026</span>', $first );
		$this->assertStringContainsString( '>February 2027<span class="screen-reader-text"> (2)</span></span>', $second );
		$this->assertStringContainsString( 'studio_data_month_2=2027-03', self::attributes( $second, 'a rel="next"', 'href' )[0] ?? '' );
	}

	private function firstDayOf( string $html ): string {
		preg_match( '#<time datetime="(\d{4}-\d{2}-\d{2})">#', $html, $found );
		return $found[1] ?? '';
	}
}
