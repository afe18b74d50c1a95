<?php
/**
 * The plugin's calendar follows its clock (`studio_data_now`), never the hour the page happens to be
 * rendered at: today in the studio's zone, the schedule's first week, the classes that have started,
 * and the weeks visitors may ask for all move with it, here across midnight in Madrid.
 */
final class ClockTest extends StudioDataTestCase {
	/** The plugin's now, moved by each test (Unix time). */
	private int $now = 0;

	protected function setUp(): void {
		parent::setUp();
		// After the harness's own clock (priority 10), so this test's instant wins.
		$this->addHook( 'studio_data_now', fn (): int => $this->now, 20 );
	}

	public function test_when_the_clock_passes_midnight_in_madrid_then_today_and_the_schedules_first_week_move_to_the_next_day(): void {
		$madrid    = new DateTimeZone( 'Europe/Madrid' );
		$this->now = (int) strtotime( '2026-12-05T22:58:00Z' ); // 23:58 in Madrid.
		$this->assertSame( '2026-12-05', studio_data_local_today( $madrid ) );
		$this->assertSame( '2026-12-05', studio_data_schedule_week( null, $madrid )['from'] );
		$this->assertSame( '2026-12-05', studio_data_schedule_week( '2026-12-04', $madrid )['from'], 'a week before today is today\'s' );

		$this->now = (int) strtotime( '2026-12-05T23:02:00Z' ); // 00:02 in Madrid, still the 5th in UTC.
		$this->assertSame( '2026-12-06', studio_data_local_today( $madrid ) );
		$this->assertSame( '2026-12-06', studio_data_schedule_week( null, $madrid )['from'] );
		$this->assertSame( '2026-12-13', studio_data_schedule_week( null, $madrid )['next'] );
	}

	public function test_when_a_class_has_started_by_the_clock_then_the_schedule_leaves_it_out(): void {
		$class = static fn ( string $id, string $name, string $start ): array => array(
			'id'        => $id,
			'name'      => $name,
			'date'      => $start,
			'startTime' => '23:30',
			'endTime'   => '23:59',
			'dayOfWeek' => 'saturday',
		);
		$this->answerApiWith(
			'/classes',
			200,
			(string) wp_json_encode(
				array(
					$class( 'early', 'Early Salsa', '2026-12-05T22:30:00.000Z' ),
					$class( 'late', 'Late Bachata', '2026-12-05T23:15:00.000Z' ),
				)
			)
		);

		$this->now = (int) strtotime( '2026-12-05T22:58:00Z' );
		$html      = studio_data_render_schedule( array() );
		$this->assertStringNotContainsString( 'Early Salsa', $html );
		$this->assertStringContainsString( 'Late Bachata', $html );

		$this->now = (int) strtotime( '2026-12-05T22:00:00Z' );
		$this->assertStringContainsString( 'Early Salsa', studio_data_render_schedule( array() ) );
	}

	public function test_the_weeks_visitors_may_ask_for_are_counted_from_the_clocks_today(): void {
		$madrid    = new DateTimeZone( 'Europe/Madrid' );
		$this->now = (int) strtotime( '2026-12-05T22:58:00Z' );
		$this->assertTrue( studio_data_public_week_allowed( '2026-12-12', $madrid ) );
		$this->assertFalse( studio_data_public_week_allowed( '2026-12-13', $madrid ) );

		$this->now = (int) strtotime( '2026-12-05T23:02:00Z' );
		$this->assertTrue( studio_data_public_week_allowed( '2026-12-13', $madrid ) );
		$this->assertTrue( studio_data_public_week_allowed( '2026-12-12', $madrid ), 'yesterday\'s grid, for a page loaded before midnight' );
	}
}
