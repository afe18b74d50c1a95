<?php
/**
 * Studio-local times read as the API reads them, on the nights Madrid's clocks change: a repeated
 * time is the first one, a skipped time moves forward by the gap, and an event that runs past
 * midnight ends at the time written on the next day.
 */
final class LocalTimeTest extends StudioDataTestCase {
	private DateTimeZone $madrid;

	protected function setUp(): void {
		parent::setUp();
		$this->madrid = new DateTimeZone( 'Europe/Madrid' );
	}

	public function test_a_time_the_clocks_pass_twice_is_the_first_one_and_a_skipped_time_moves_forward(): void {
		$this->assertSame( '2026-10-25T02:30:00+02:00', studio_data_local_instant( '2026-10-25', '02:30', $this->madrid )->format( 'c' ) );
		$this->assertSame( '2026-10-25T03:00:00+01:00', studio_data_local_instant( '2026-10-25', '03:00', $this->madrid )->format( 'c' ) );
		$this->assertSame( '2027-03-28T03:30:00+02:00', studio_data_local_instant( '2027-03-28', '02:30', $this->madrid )->format( 'c' ) );
		$this->assertSame( '2027-03-28T01:59:00+01:00', studio_data_local_instant( '2027-03-28', '01:59', $this->madrid )->format( 'c' ) );
		$this->assertSame( '2026-09-06T01:00:00-03:00', studio_data_local_instant( '2026-09-06', '00:00', new DateTimeZone( 'America/Santiago' ) )->format( 'c' ), 'Santiago skips its midnight' );
		$this->assertNull( studio_data_local_instant( '2026-02-30', '10:00', $this->madrid ) );
		$this->assertNull( studio_data_local_instant( '2026-10-25', '25:00', $this->madrid ) );
	}

	public function test_when_an_event_runs_past_midnight_on_a_night_the_clocks_change_then_its_json_ld_end_is_the_time_written_on_the_next_day(): void {
		$event = static fn ( string $date, string $start, string $end ): array => array(
			'date'      => $date,
			'startTime' => $start,
			'endTime'   => $end,
		);
		$times = fn ( array $item ): array => array_map( static fn ( ?DateTimeImmutable $time ): ?string => $time?->format( 'c' ), studio_data_json_ld_times( $item, 'event', $this->madrid ) );

		// The evening after the clocks went forward: 02:00 on Monday exists, and is where it ends.
		$this->assertSame( array( '2027-03-28T23:50:00+02:00', '2027-03-29T02:00:00+02:00' ), $times( $event( '2027-03-28', '23:50', '02:00' ) ) );
		// The evening before: Sunday's 02:00 does not exist, so it ends at 03:00 summer time.
		$this->assertSame( array( '2027-03-27T23:50:00+01:00', '2027-03-28T03:00:00+02:00' ), $times( $event( '2027-03-27', '23:50', '02:00' ) ) );
		// The night the clocks go back: the first 02:30.
		$this->assertSame( array( '2026-10-24T23:50:00+02:00', '2026-10-25T02:30:00+02:00' ), $times( $event( '2026-10-24', '23:50', '02:30' ) ) );
		$this->assertSame( array( '2026-10-25T02:30:00+02:00', '2026-10-25T04:00:00+01:00' ), $times( $event( '2026-10-25', '02:30', '04:00' ) ) );
	}

	public function test_an_event_in_the_repeated_hour_has_started_once_the_first_of_the_two_times_has_passed(): void {
		$view = array(
			'kind' => 'event',
			'zone' => $this->madrid,
			'now'  => (int) strtotime( '2026-10-25T00:45:00Z' ), // 02:45 summer time, before the clocks go back.
		);
		$this->assertTrue( studio_data_occurrence_started( array( 'date' => '2026-10-25', 'startTime' => '02:30' ), $view ) );
		$this->assertFalse( studio_data_occurrence_started( array( 'date' => '2026-10-25', 'startTime' => '03:00' ), $view ) );
	}
}
