<?php
/**
 * A class on the Bookings screen, as the front desk reads it on a busy evening: how full it is, and
 * each waiting student's place in line (what a student who phones asks).
 */
final class BookingsRosterTest extends StudioDataTestCase {
	private function student( string $first_name, string $status, ?int $place = null ): array {
		return array(
			'reference'        => 'SD-ROST-' . strtoupper( substr( $first_name, 0, 4 ) ),
			'status'           => $status,
			'waitlistPosition' => $place,
			'guest'            => array(
				'firstName' => $first_name,
				'lastName'  => 'Ruiz',
				'email'     => strtolower( $first_name ) . '@example.com',
				'phone'     => null,
			),
		);
	}

	private function roster( ?int $capacity, int $booked, int $waiting ): string {
		$item = array(
			'id'       => 'roster-salsa',
			'title'    => 'Salsa',
			'kind'     => 'class',
			'start'    => '19:00',
			'end'      => '20:00',
			'room'     => 'Sala 1',
			'capacity' => $capacity,
			'booked'   => array_map( fn ( int $n ): array => $this->student( 'Seat' . $n, 'confirmed' ), range( 1, $booked ) ),
			'waiting'  => 0 === $waiting ? array() : array_map( fn ( int $n ): array => $this->student( 'Wait' . $n, 'waiting', $n ), range( 1, $waiting ) ),
		);
		return studio_data_render_roster( $item, new DateTimeZone( 'Europe/Madrid' ) );
	}

	public function test_a_full_class_says_it_is_full_beside_its_places_and_who_waits(): void {
		$this->assertStringContainsString( '<p>Sala 1 · 2 of 2 booked, full, 2 waiting</p>', $this->roster( 2, 2, 2 ) );
		$this->assertStringContainsString( '<p>Sala 1 · 1 of 20 booked</p>', $this->roster( 20, 1, 0 ) );
		// Without a capacity (no limit), the count alone.
		$this->assertStringContainsString( '<p>Sala 1 · 3 booked</p>', $this->roster( null, 3, 0 ) );
	}

	public function test_the_waitlist_gives_each_student_their_place_in_line(): void {
		$html     = $this->roster( 2, 2, 2 );
		$waitlist = substr( $html, (int) strpos( $html, 'Waitlist of' ) );
		$this->assertStringContainsString( '<th scope="col">Place</th><th scope="col">Name</th>', $waitlist );
		$this->assertStringContainsString( '<tr><td>1</td><td>Wait1 Ruiz</td>', $waitlist );
		$this->assertStringContainsString( '<tr><td>2</td><td>Wait2 Ruiz</td>', $waitlist );
		// The booked students' table has no place column.
		$this->assertStringNotContainsString( 'Place', substr( $html, 0, (int) strpos( $html, 'Waitlist of' ) ) );
	}
}
