<?php
use PHPUnit\Framework\TestCase;
use StudioData\Client\Client;
use StudioData\Client\InvalidArgument;
use StudioData\Client\NotFound;
use StudioData\Client\RateLimited;
use StudioData\Client\Unavailable;
use StudioData\Client\Endpoint;
use StudioData\Client\HttpResponse;

final class ClientTest extends TestCase {
	public function test_profile_locale_strings_are_decoded_into_arrays(): void {
		$transport = new RecordingTransport(
			array(
				RecordingTransport::json(
					200,
					array(
						'id'          => 's1',
						'name'        => 'Studio',
						'description' => '{"es":"Escuela","en":"School"}',
						'studioTypes' => array( array( 'name' => 'Salsa', 'description' => '{"en":"Cuban"}', 'image' => null, 'isVisibleOnWeb' => true ) ),
					)
				),
			)
		);
		$profile = ( new Client( 'https://api.example.com/', $transport ) )->studioProfile( 's1' );

		$this->assertSame( array( 'es' => 'Escuela', 'en' => 'School' ), $profile['description'] );
		$this->assertSame( array( 'en' => 'Cuban' ), $profile['studioTypes'][0]['description'] );
		$this->assertSame( 'https://api.example.com/api/public/studio/s1/profile', $transport->requests[0]['url'] );
	}

	public function test_bios_of_instructors_people_and_private_lesson_instructors_are_decoded(): void {
		$person    = array( 'id' => 'p', 'name' => 'Ana', 'bio' => '{"en":"Dancer"}' );
		$transport = new RecordingTransport( array( RecordingTransport::json( 200, array( $person ) ), RecordingTransport::json( 200, $person ), RecordingTransport::json( 200, array( $person + array( 'availability' => array(), 'pricing' => array() ) ) ) ) );
		$client    = new Client( 'https://api.example.com', $transport );

		$this->assertSame( array( 'en' => 'Dancer' ), $client->instructors( 's1' )[0]['bio'] );
		$this->assertSame( array( 'en' => 'Dancer' ), $client->userProfile( 'p' )['bio'] );
		$this->assertSame( array( 'en' => 'Dancer' ), $client->privateLessonInstructors( 's1' )[0]['bio'] );
	}

	public function test_the_next_session_of_a_weekly_class_is_the_first_of_its_series_not_started_yet_this_week_or_the_next(): void {
		$now       = strtotime( '2026-03-25T12:00:00Z' );
		$this_week = array(
			array( 'id' => 'bachata-wed-20260325', 'seriesId' => 'bachata-wed', 'date' => '2026-03-25T10:00:00.000Z' ),
			array( 'id' => 'salsa-thu-20260326', 'seriesId' => 'salsa-thu', 'date' => '2026-03-26T18:00:00.000Z' ),
		);
		$next_week = array( array( 'id' => 'bachata-wed-20260401', 'seriesId' => 'bachata-wed', 'date' => '2026-04-01T09:00:00.000Z' ) );
		$transport = new RecordingTransport( array( RecordingTransport::json( 200, $this_week ), RecordingTransport::json( 200, $this_week ), RecordingTransport::json( 200, $next_week ), RecordingTransport::json( 200, array() ), RecordingTransport::json( 200, array() ) ) );
		$client    = new Client( 'https://api.example.com', $transport );

		$this->assertSame( 'salsa-thu-20260326', $client->nextInSeries( 's1', 'salsa-thu', $now )['id'] );
		// This morning's class is over: next Wednesday's, from the next window. Windows by date: from the
		// UTC date less a day (the studio's today is within a day of it), then 6 days on, so no local day is missed.
		$this->assertSame( 'bachata-wed-20260401', $client->nextInSeries( 's1', 'bachata-wed', $now )['id'] );
		$this->assertSame( 'https://api.example.com/api/public/studio/s1/classes?from=2026-03-24', $transport->requests[1]['url'] );
		$this->assertSame( 'https://api.example.com/api/public/studio/s1/classes?from=2026-03-30', $transport->requests[2]['url'] );
		$this->assertNull( $client->nextInSeries( 's1', 'gone', $now ) );
		$this->assertCount( 5, $transport->requests );
	}

	public function test_the_next_session_of_a_weekly_event_is_read_at_the_studios_wall_clock(): void {
		// 23:55 on Wednesday 25 March in Madrid (UTC+1): that night's social began at 23:50 there (22:50
		// UTC), though its date and time read as UTC would still be ahead: next Wednesday's is the next.
		$now       = strtotime( '2026-03-25T22:55:00Z' );
		$transport = new RecordingTransport(
			array(
				RecordingTransport::json( 200, array( 'id' => 's1', 'timezone' => 'Europe/Madrid' ) ),
				RecordingTransport::json( 200, array( array( 'id' => 'social-wed-20260325', 'seriesId' => 'social-wed', 'date' => '2026-03-25', 'startTime' => '23:50' ) ) ),
				RecordingTransport::json( 200, array( array( 'id' => 'social-wed-20260401', 'seriesId' => 'social-wed', 'date' => '2026-04-01', 'startTime' => '23:50' ) ) ),
			)
		);
		$client    = new Client( 'https://api.example.com', $transport );

		$this->assertSame( 'social-wed-20260401', $client->nextEventInSeries( 's1', 'social-wed', $now )['id'] );
		$this->assertSame( 'https://api.example.com/api/public/studio/s1/profile', $transport->requests[0]['url'] );
		$this->assertSame( 'https://api.example.com/api/public/studio/s1/events?from=2026-03-24', $transport->requests[1]['url'] );
		$this->assertSame( 'https://api.example.com/api/public/studio/s1/events?from=2026-03-30', $transport->requests[2]['url'] );
	}

	public function test_an_unreadable_locale_string_becomes_an_empty_map(): void {
		$transport = new RecordingTransport( array( RecordingTransport::json( 200, array( array( 'id' => 'p', 'bio' => 'not json' ), array( 'id' => 'q', 'bio' => null ) ) ) ) );
		$people    = ( new Client( 'https://api.example.com', $transport ) )->instructors( 's1' );
		$this->assertSame( array(), $people[0]['bio'] );
		$this->assertSame( array(), $people[1]['bio'] );
	}

	public function test_every_endpoint_asks_its_path_with_encoded_parameters_and_from(): void {
		$transport = new RecordingTransport( array_fill( 0, 9, RecordingTransport::json( 200, array() ) ) );
		$client    = new Client( 'http://127.0.0.1:3000/api/public', $transport );
		$client->studioProfile( 'a b' );
		$client->instructors( 's' );
		$client->userProfile( 'u' );
		$client->classes( 's', '2026-03-23' );
		$client->classesByType( 's', 'West Coast Swing', '2026-03-23T10:00+01:00' );
		$client->events( 's' );
		$client->packages( 's' );
		$client->privateLessonInstructors( 's' );
		$client->privateLessonQuestions( 's' );

		$root = 'http://127.0.0.1:3000/api/public';
		$this->assertSame(
			array(
				"$root/studio/a%20b/profile",
				"$root/studio/s/instructors",
				"$root/user/u/profile",
				"$root/studio/s/classes?from=2026-03-23",
				"$root/studio/s/classes/West%20Coast%20Swing?from=2026-03-23T10%3A00%2B01%3A00",
				"$root/studio/s/events",
				"$root/studio/s/packages",
				"$root/studio/s/private-lesson-instructors",
				"$root/studio/s/private-lesson-questions",
			),
			array_column( $transport->requests, 'url' )
		);
	}

	public function test_problem_details_become_typed_errors_with_their_code(): void {
		$problem = static fn ( int $status, string $code ) => RecordingTransport::json( $status, array( 'type' => 'about:blank', 'title' => 'T', 'status' => $status, 'detail' => "detail of $code", 'code' => $code ), $status === 429 ? array( 'Retry-After' => '7' ) : array() );
		$cases   = array(
			array( $problem( 404, 'studio_not_found' ), NotFound::class ),
			array( $problem( 400, 'invalid_from' ), InvalidArgument::class ),
			array( $problem( 429, 'rate_limited' ), RateLimited::class ),
			array( $problem( 503, 'unavailable' ), Unavailable::class ),
			array( $problem( 500, 'internal_error' ), Unavailable::class ),
		);
		foreach ( $cases as [ $answer, $class ] ) {
			$client = new Client( 'https://api.example.com', new RecordingTransport( array( $answer ) ) );
			try {
				$client->classes( 's1', 'yesterday' );
				$this->fail( 'no error for ' . $class );
			} catch ( \StudioData\Client\ApiError $error ) {
				$this->assertInstanceOf( $class, $error );
				$this->assertSame( json_decode( $answer->body, true )['code'], $error->problemCode );
				$this->assertSame( json_decode( $answer->body, true )['detail'], $error->getMessage() );
				if ( $error instanceof RateLimited ) {
					$this->assertSame( 7, $error->retryAfter );
				}
			}
		}
	}

	public function test_an_answer_that_is_not_json_is_unavailable_not_data(): void {
		$client = new Client( 'https://api.example.com', new RecordingTransport( array( new HttpResponse( 200, array(), '<html>proxy error</html>' ) ) ) );
		$this->expectException( Unavailable::class );
		$client->packages( 's1' );
	}

	public function test_an_object_where_a_list_is_expected_is_unavailable(): void {
		$client = new Client( 'https://api.example.com', new RecordingTransport( array( RecordingTransport::json( 200, array( 'id' => 'x' ) ) ) ) );
		$this->expectException( Unavailable::class );
		$client->classes( 's1' );
	}

	public function test_a_missing_studio_id_is_refused_without_asking(): void {
		$transport = new RecordingTransport( array() );
		try {
			( new Client( 'https://api.example.com', $transport ) )->classes( '  ' );
			$this->fail( 'no error' );
		} catch ( InvalidArgument $error ) {
			$this->assertSame( 'missing_studio_id', $error->problemCode );
			$this->assertSame( array(), $transport->requests );
		}
	}

	public function test_a_conditional_fetch_sends_the_etag_and_reads_not_modified(): void {
		$transport = new RecordingTransport( array( new HttpResponse( 304, array( 'ETag' => '"v1"' ), '' ) ) );
		$fetched   = ( new Client( 'https://api.example.com', $transport ) )->fetch( Endpoint::Packages, array( 'studio_id' => 's1' ), '"v1"' );
		$this->assertTrue( $fetched->notModified );
		$this->assertNull( $fetched->data );
		$this->assertSame( '"v1"', $transport->requests[0]['headers']['If-None-Match'] );
	}

	public function test_a_base_url_that_is_not_http_is_refused(): void {
		$this->expectException( InvalidArgument::class );
		new Client( 'ftp://api.example.com', new RecordingTransport( array() ) );
	}

	public function test_a_week_names_the_from_of_the_weeks_before_and_after_it_from_the_link_header(): void {
		$link      = '<https://api.example.com/api/public/studio/s1/classes?from=2026-03-16>; rel="prev", <https://api.example.com/api/public/studio/s1/classes?from=2026-03-30T10%3A00>; rel="next"';
		$transport = new RecordingTransport( array( RecordingTransport::json( 200, array( array( 'id' => 'c1' ) ), array( 'Link' => $link ) ), RecordingTransport::json( 200, array() ) ) );
		$client    = new Client( 'https://api.example.com', $transport );

		$week = $client->window( Endpoint::Classes, array( 'studio_id' => 's1', 'from' => '2026-03-23' ) );
		$this->assertSame( array( array( 'c1' ), '2026-03-16', '2026-03-30T10:00' ), array( array_column( $week->entries, 'id' ), $week->previous, $week->next ) );

		// An answer without a Link (the window no schedule reaches, say) has no neighbours to name.
		$alone = $client->window( Endpoint::Events, array( 'studio_id' => 's1', 'from' => $week->next ) );
		$this->assertSame( array( array(), null, null ), array( $alone->entries, $alone->previous, $alone->next ) );
		$this->assertSame( 'https://api.example.com/api/public/studio/s1/events?from=2026-03-30T10%3A00', $transport->requests[1]['url'] );
	}

	public function test_an_endpoint_that_lists_no_window_is_refused_before_anything_is_asked(): void {
		$transport = new RecordingTransport( array() );
		$this->expectException( InvalidArgument::class );
		( new Client( 'https://api.example.com', $transport ) )->window( Endpoint::Packages, array( 'studio_id' => 's1' ) );
	}
}
