<?php
use PHPUnit\Framework\TestCase;
use StudioData\Client\HttpResponse;
use StudioData\Client\InvalidArgument;
use StudioData\Client\NotFound;
use StudioData\Client\Rejected;
use StudioData\Client\StudioClient;
use StudioData\Client\Unauthorized;

/** The studio API's client, on a scripted transport: what it asks, and how it reads the answers. */
final class StudioClientTest extends TestCase {
	private const KEY = 'sdk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

	public function test_every_request_carries_the_key_in_the_authorization_header_never_in_the_url(): void {
		$transport = new RecordingTransport(
			array(
				RecordingTransport::json( 200, array( 'bookings' => array( array( 'reference' => 'SD-AAAA-BBBB' ) ), 'next' => 'abc' ) ),
				RecordingTransport::json( 200, array( 'booking' => array( 'reference' => 'SD-AAAA-BBBB', 'status' => 'cancelled' ), 'changed' => true ) ),
				new HttpResponse( 200, array( 'Content-Type' => 'text/csv' ), "reference\r\nSD-AAAA-BBBB\r\n" ),
			)
		);
		$client = new StudioClient( 'https://api.example.com/', 'salsa-city', self::KEY, $transport );

		$page = $client->bookings( array( 'from' => '2027-03-01', 'status' => 'confirmed', 'sort' => 'name', 'classId' => '' ) );
		$this->assertSame( array( 'bookings' => array( array( 'reference' => 'SD-AAAA-BBBB' ) ), 'next' => 'abc' ), $page );
		$this->assertSame( true, $client->cancel( 'SD-AAAA-BBBB' )['changed'] );
		$this->assertSame( "reference\r\nSD-AAAA-BBBB\r\n", $client->bookingsCsv( array( 'to' => '2027-04-01' ) ) );

		$this->assertSame(
			array(
				array( 'GET', 'https://api.example.com/api/studio/salsa-city/bookings?from=2027-03-01&status=confirmed', 'application/json' ),
				array( 'POST', 'https://api.example.com/api/studio/salsa-city/bookings/SD-AAAA-BBBB/cancel', 'application/json' ),
				array( 'GET', 'https://api.example.com/api/studio/salsa-city/bookings?to=2027-04-01', 'text/csv' ),
			),
			array_map( static fn ( array $request ): array => array( $request['method'], $request['url'], $request['headers']['Accept'] ), $transport->requests )
		);
		foreach ( $transport->requests as $request ) {
			$this->assertSame( 'Bearer ' . self::KEY, $request['headers']['Authorization'] );
			$this->assertStringNotContainsString( 'sdk_', $request['url'] );
		}
	}

	public function test_a_webhook_is_sent_as_json(): void {
		$transport = new RecordingTransport( array( RecordingTransport::json( 201, array( 'id' => 'wh_1', 'secret' => 'whsec_x' ) ) ) );
		$created   = ( new StudioClient( 'https://api.example.com', 's1', self::KEY, $transport ) )->createWebhook( 'https://hooks.example.com/in', array( 'booking.confirmed' ) );
		$this->assertSame( 'whsec_x', $created['secret'] );
		$this->assertSame( '{"url":"https://hooks.example.com/in","events":["booking.confirmed"]}', $transport->requests[0]['body'] );
		$this->assertSame( 'application/json', $transport->requests[0]['headers']['Content-Type'] );
	}

	public function test_errors_become_typed_exceptions_with_the_problems_listed(): void {
		$transport = new RecordingTransport(
			array(
				RecordingTransport::json( 401, array( 'code' => 'unauthorized', 'detail' => 'The studio key is not valid.' ) ),
				RecordingTransport::json( 404, array( 'code' => 'booking_not_found', 'detail' => 'No such booking.' ) ),
				RecordingTransport::json( 422, array( 'code' => 'invalid_document', 'detail' => '1 problem', 'errors' => array( array( 'path' => 'studio.id', 'message' => 'must be "s1"' ) ) ) ),
			)
		);
		$client = new StudioClient( 'https://api.example.com', 's1', self::KEY, $transport );
		try {
			$client->webhooks();
			$this->fail( 'expected Unauthorized' );
		} catch ( Unauthorized $error ) {
			$this->assertSame( array( 'unauthorized', 401 ), array( $error->problemCode, $error->status ) );
		}
		try {
			$client->booking( 'SD-NONE-NONE' );
			$this->fail( 'expected NotFound' );
		} catch ( NotFound $error ) {
			$this->assertSame( 'booking_not_found', $error->problemCode );
		}
		try {
			$client->putDocument( array( 'studio' => array( 'id' => 'other' ) ) );
			$this->fail( 'expected Rejected' );
		} catch ( Rejected $error ) {
			$this->assertSame( array( array( 'path' => 'studio.id', 'message' => 'must be "s1"' ) ), $error->problems );
			$this->assertSame( 422, $error->status );
		}
	}

	public function test_a_key_that_is_not_shaped_like_one_is_refused_before_any_request(): void {
		$this->expectException( InvalidArgument::class );
		new StudioClient( 'https://api.example.com', 's1', 'not-a-key', new RecordingTransport( array() ) );
	}
}
