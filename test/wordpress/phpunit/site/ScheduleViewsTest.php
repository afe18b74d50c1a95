<?php
/**
 * The schedule's timetable rows and dance type colours, the next classes by the plugin's clock, and
 * the events' month calendar, each at a moment the test names (the `studio_data_now` filter).
 */
final class ScheduleViewsTest extends StudioDataTestCase {
	/** The plugin's now, set by each test (Unix time). */
	private int $now = 0;

	protected function setUp(): void {
		parent::setUp();
		$this->addHook( 'studio_data_now', fn (): int => $this->now, 20 );
	}

	private static function madridClass( string $id, string $local_date, string $start, string $type = 'Salsa' ): array {
		$zone = new DateTimeZone( 'Europe/Madrid' );
		$at   = studio_data_local_instant( $local_date, $start, $zone );
		return array(
			'id'        => $id,
			'name'      => 'Class ' . $id,
			'date'      => $at->setTimezone( new DateTimeZone( 'UTC' ) )->format( 'Y-m-d\TH:i:s.000\Z' ),
			'startTime' => $start,
			'endTime'   => '23:59',
			'dayOfWeek' => strtolower( $at->format( 'l' ) ),
			'danceType' => $type,
			'level'     => 'Beginner',
		);
	}

	public function test_the_timetable_gives_each_hour_one_band_of_rows_as_deep_as_its_busiest_day(): void {
		$zone = new DateTimeZone( 'Europe/Madrid' );
		$rows = studio_data_timetable_rows(
			array(
				'2026-12-07' => array( self::madridClass( 'a', '2026-12-07', '17:00' ), self::madridClass( 'b', '2026-12-07', '17:15' ), self::madridClass( 'c', '2026-12-07', '19:00' ) ),
				'2026-12-08' => array( self::madridClass( 'd', '2026-12-08', '17:30' ), self::madridClass( 'e', '2026-12-08', '19:30' ) ),
			),
			$zone
		);
		$row_of = static fn ( array $item ): int => $rows['row'][ studio_data_timetable_item_key( $item ) ];
		$this->assertSame( 3, $rows['count'], '17h two deep (Monday), 19h one' );
		$this->assertSame( 1, $row_of( self::madridClass( 'a', '2026-12-07', '17:00' ) ) );
		$this->assertSame( 2, $row_of( self::madridClass( 'b', '2026-12-07', '17:15' ) ) );
		$this->assertSame( 1, $row_of( self::madridClass( 'd', '2026-12-08', '17:30' ) ), 'the same hour starts on the same row every day' );
		$this->assertSame( 3, $row_of( self::madridClass( 'e', '2026-12-08', '19:30' ) ) );
	}

	public function test_a_dance_type_takes_the_colour_picked_for_it_else_the_palettes_in_the_studios_order(): void {
		$profile = array( 'studioTypes' => array( array( 'name' => 'Salsa' ), array( 'name' => 'Bachata' ), array( 'name' => 'Zouk' ) ) );
		$colors  = studio_data_dance_type_colors( $profile, array( 'palette' => '#111111,#222222,not-a-colour', 'dance_type_colors' => 'Zouk:#ABCDEF,Kizomba:#123456,Broken:red' ) );
		$this->assertSame( array( 'salsa' => '#111111', 'bachata' => '#222222', 'zouk' => '#abcdef', 'kizomba' => '#123456' ), $colors );
		// Without a palette of its own, the block's default (block.json's) colours the types.
		$this->assertSame( studio_data_block_default( 'class-schedule', 'palette' )[0], studio_data_dance_type_colors( $profile, array() )['salsa'] );
	}

	public function test_the_next_classes_are_those_not_started_by_the_clock_in_time_order_under_today_and_tomorrow(): void {
		$classes = array(
			self::madridClass( 'tomorrow', '2026-12-06', '10:00' ),
			self::madridClass( 'started', '2026-12-05', '20:00' ),
			self::madridClass( 'tonight', '2026-12-05', '22:30' ),
			self::madridClass( 'later', '2026-12-08', '18:00', 'Bachata' ),
		);
		$this->answerApiWith( '/classes', 200, (string) wp_json_encode( $classes ) );
		$this->now = (int) strtotime( '2026-12-05T20:00:00Z' ); // 21:00 in Madrid.

		$html = studio_data_render_next_classes( array( 'count' => 2, 'heading_level' => 3 ) );
		$this->assertSame( array( 'Class tonight', 'Class tomorrow' ), $this->names( $html ) );
		$this->assertStringContainsString( '<time datetime="2026-12-05">Today, Saturday, 5 December 2026</time>', $html );
		$this->assertStringContainsString( '<time datetime="2026-12-06">Tomorrow, Sunday, 6 December 2026</time>', $html );
		$this->assertSame( array( 'Class later' ), $this->names( studio_data_render_next_classes( array( 'dance_types' => 'bachata' ) ) ) );

		$this->now = (int) strtotime( '2026-12-05T21:31:00Z' ); // 22:31: tonight's class has started.
		$this->assertSame( array( 'Class tomorrow', 'Class later' ), $this->names( studio_data_render_next_classes( array( 'count' => 5 ) ) ) );
	}

	public function test_the_month_calendar_starts_at_this_month_by_the_clock_and_pages_up_to_a_year_ahead(): void {
		$madrid    = new DateTimeZone( 'Europe/Madrid' );
		$this->now = (int) strtotime( '2026-11-30T23:30:00Z' ); // Already 1 December in Madrid.
		$month     = studio_data_events_month( $madrid );
		$this->assertSame( array( '2026-12-01', null, '2027-01' ), array( $month['first']->format( 'Y-m-d' ), $month['prev'], $month['next'] ) );
		$this->assertSame( 31, studio_data_events_month_window( $madrid )['days'] );

		$_GET['studio_data_month'] = '2027-12';
		$month                     = studio_data_events_month( $madrid );
		$this->assertSame( array( '2027-12-01', '2027-11', null ), array( $month['first']->format( 'Y-m-d' ), $month['prev'], $month['next'] ) );
		$_GET['studio_data_month'] = '2028-01'; // Beyond a year: this month.
		$this->assertSame( '2026-12-01', studio_data_events_month( $madrid )['first']->format( 'Y-m-d' ) );
		unset( $_GET['studio_data_month'] );
	}

	/** @return list<string> The names of the classes in the markup, in order. */
	private function names( string $html ): array {
		preg_match_all( '#<h[2-6] class="studio-data-item__name">([^<]*)</h[2-6]>#', $html, $matches );
		return array_map( 'html_entity_decode', $matches[1] );
	}
}
