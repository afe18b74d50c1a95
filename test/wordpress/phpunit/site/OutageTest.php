<?php
use StudioData\Client\Unavailable;
use StudioData\WordPress\ObjectCacheSlots;
use StudioData\WordPress\OptionRowSlots;
use StudioData\WordPress\OutageState;

/**
 * The outage state every PHP process shares (option rows here: the test sites have no persistent
 * object cache), and the page view's one call that may hang. Processes at once are played in
 * test/wordpress/owner-site-suite.ts; here, one process and the rows it reads.
 */
final class OutageTest extends StudioDataTestCase {
	private function outage(): OutageState {
		return OutageState::forSite( studio_data_bridge()->apiRoot() );
	}

	public function test_when_another_request_marks_the_api_down_while_this_one_runs_then_this_one_stops_calling(): void {
		$good = studio_data_bridge()->packages( $this->liveStudio() );
		studio_data_flush_cache();
		// This request has already looked for the state (as get_option would, remembering "no such row").
		$this->assertFalse( get_option( 'studio_data_api_down' ) );
		$this->api_requests = array();

		// Another PHP process learns the API is down and says so.
		( new OutageState( new OptionRowSlots(), studio_data_bridge()->apiRoot() ) )->markDown( array( 'type' => Unavailable::class, 'message' => 'The API did not answer in time.', 'code' => 'timeout', 'status' => 0 ), time(), 30 );

		$this->assertSame( $good, studio_data_bridge()->packages( $this->liveStudio() ) );
		$this->assertSame( array(), $this->api_requests, 'the last good copy, without a call' );
		try {
			studio_data_bridge()->events( $this->liveStudio(), gmdate( 'Y-m-d', studio_data_now() + 21 * DAY_IN_SECONDS ) );
			$this->fail( 'no copy and the API down: an error' );
		} catch ( Unavailable $error ) {
			$this->assertSame( 'timeout', $error->problemCode );
		}
		$this->assertSame( array(), $this->api_requests );
	}

	public function test_only_one_of_the_views_that_claim_a_call_at_the_same_moment_gets_it_until_it_ends_or_expires(): void {
		$now = time();
		$this->assertTrue( $this->outage()->claimCall( $now, 4 ) );
		$this->assertFalse( $this->outage()->claimCall( $now, 4 ), 'a second view at the same moment' );
		$this->assertFalse( $this->outage()->claimCall( $now + 3, 4 ), 'still out three seconds later' );
		$this->assertTrue( $this->outage()->claimCall( $now + 4, 4 ), 'a claim whose holder vanished expires' );
		$this->outage()->endCall();
		$this->assertTrue( $this->outage()->claimCall( $now + 4, 4 ), 'free again once the call ended' );
	}

	public function test_in_an_object_cache_the_outage_and_the_call_out_behave_as_in_option_rows(): void {
		// WordPress's own cache here, one process: the atomicity of add() between processes is the backend's (Redis, Memcached).
		$outage = new OutageState( new ObjectCacheSlots(), studio_data_bridge()->apiRoot() );
		$now    = time();
		$this->assertTrue( $outage->claimCall( $now, 4 ) );
		$this->assertFalse( $outage->claimCall( $now, 4 ) );
		$outage->endCall();
		$this->assertTrue( $outage->claimCall( $now, 4 ) );

		$this->assertNull( $outage->downError( $now ) );
		$outage->markDown( array( 'type' => Unavailable::class, 'message' => 'm', 'code' => 'timeout', 'status' => 0 ), $now, 30 );
		$this->assertSame( 'timeout', $outage->downError( $now + 29 )['code'] ?? null );
		$this->assertNull( $outage->downError( $now + 30 ), 'over when its time is' );
		$this->assertNull( ( new OutageState( new ObjectCacheSlots(), 'http://another.example/api/public' ) )->downError( $now ), 'another API is not down' );
		$outage->forget();
		$this->assertNull( $outage->downError( $now ) );
	}

	public function test_while_another_view_is_calling_the_api_then_a_view_with_a_last_good_copy_serves_it_without_calling(): void {
		$good = studio_data_bridge()->instructors( $this->liveStudio() );
		studio_data_flush_cache();
		$this->api_requests = array();
		$this->assertTrue( $this->outage()->claimCall( time(), 5 ), 'another view is out asking the API' );

		$this->assertSame( $good, studio_data_bridge()->instructors( $this->liveStudio() ) );
		$this->assertSame( array(), $this->api_requests );
		studio_data_bridge()->packages( $this->liveStudio() );
		$this->assertCount( 1, $this->api_requests, 'with no copy to serve, the view asks itself' );
	}

	public function test_after_a_call_that_got_no_answer_then_the_view_makes_no_other_call(): void {
		$this->takeApiDown();
		// The first call is refused; the second is never made: the view has had its call without an answer.
		foreach ( array( 'packages' => 'network_error', 'instructors' => 'timeout' ) as $endpoint => $problem ) {
			try {
				studio_data_bridge()->$endpoint( $this->liveStudio() );
				$this->fail( 'no copy and no API: an error' );
			} catch ( Unavailable $error ) {
				$this->assertSame( $problem, $error->problemCode, $endpoint );
			}
			// Even were the outage forgotten meanwhile (another process saving the settings), this view is done with the API.
			$this->outage()->forget();
		}
		$this->assertCount( 1, $this->api_requests );
	}

	public function test_a_views_calls_wait_no_longer_than_its_budget_all_together(): void {
		$budget = new StudioData\WordPress\PageBudget( 0.05 );
		$this->assertFalse( $budget->allowsCall(), 'under a tenth of a second, no call starts' );
		$budget = new StudioData\WordPress\PageBudget( 1.0 );
		$budget->record( 0.6, false );
		$this->assertEqualsWithDelta( 0.4, $budget->remaining(), 0.0001 );
		$this->assertTrue( $budget->allowsCall() );
		$budget->record( 0.35, false );
		$this->assertFalse( $budget->allowsCall() );
	}
}
