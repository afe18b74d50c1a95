<?php
/**
 * The Bookings screen's confirmation step before the studio cancels: it says what will happen to
 * the student and to the others, which differs for a seat and for a place on the waitlist. The
 * booking comes from the studio API's answer for its reference (given here), the studio's zone from
 * the live studio's profile.
 */
final class BookingsCancelStepTest extends StudioDataTestCase {
	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/template.php';
		$this->configure( array( 'studio_id' => $this->liveStudio() ) );
		update_option( STUDIO_DATA_KEY_OPTION, 'sdk_' . str_repeat( 'B', 43 ), false );
		wp_set_current_user( $this->userWithRole( 'administrator' ) );
	}

	private function stepFor( string $status ): string {
		$booking = array(
			'reference' => 'SD-STEP-2345',
			'status'    => $status,
			'title'     => 'Salsa Every Night',
			'start'     => '2030-01-07T22:30:00.000Z',
			'guest'     => array(
				'firstName' => 'Nia',
				'lastName'  => 'Ortiz',
				'email'     => 'nia@example.com',
			),
		);
		$this->answerApiWith( '/bookings/SD-STEP-2345', 200, (string) wp_json_encode( array( 'booking' => $booking ) ) );
		ob_start();
		studio_data_render_cancel_step( 'SD-STEP-2345' );
		return (string) ob_get_clean();
	}

	public function test_cancelling_a_seat_says_the_place_goes_to_the_first_student_waiting(): void {
		$step = $this->stepFor( 'confirmed' );
		$this->assertStringContainsString( '<h2>Cancel this booking?</h2>', $step );
		$this->assertStringContainsString( 'the place goes to the first student waiting', $step );
		$this->assertStringContainsString( 'value="Yes, cancel this booking"', $step );
	}

	public function test_taking_a_student_off_the_waitlist_says_so_and_that_those_behind_move_up_not_that_a_place_is_freed(): void {
		$step = $this->stepFor( 'waiting' );
		$this->assertStringContainsString( '<h2>Take this student off the waitlist?</h2>', $step );
		$this->assertStringContainsString( 'The student is emailed that the studio took them off the waitlist, and those behind them move up one place.', $step );
		$this->assertStringNotContainsString( 'the place goes to the first student waiting', $step );
		$this->assertStringContainsString( 'value="Yes, take them off the waitlist"', $step );
	}
}
