<?php
use PHPUnit\Framework\TestCase;
use StudioData\Client\NotFound;
use StudioData\Client\Rejected;
use StudioData\Client\StreamTransport;
use StudioData\Client\StudioClient;
use StudioData\Client\Unauthorized;

/**
 * The studio client on PHP streams against a real Studio Data server, with a real studio key
 * (STUDIO_DATA_API_URL, STUDIO_DATA_KEY_STUDIO_ID, STUDIO_DATA_STUDIO_KEY, set by php-client.test.ts,
 * which has booked STUDIO_DATA_BOOKED_REFERENCE on STUDIO_DATA_BOOKED_CLASS).
 */
final class LiveStudioApiTest extends TestCase {
	private StudioClient $client;

	protected function setUp(): void {
		$url = getenv( 'STUDIO_DATA_API_URL' );
		$key = getenv( 'STUDIO_DATA_STUDIO_KEY' );
		if ( ! $url || ! $key ) {
			$this->markTestSkipped( 'STUDIO_DATA_API_URL and STUDIO_DATA_STUDIO_KEY are not set: run through npm test.' );
		}
		$this->client = new StudioClient( $url, (string) getenv( 'STUDIO_DATA_KEY_STUDIO_ID' ), $key, new StreamTransport( 10.0 ) );
	}

	public function test_the_studio_reads_its_booking_its_roster_and_its_csv_then_cancels_it(): void {
		$reference = (string) getenv( 'STUDIO_DATA_BOOKED_REFERENCE' );
		$page      = $this->client->bookings( array( 'classId' => (string) getenv( 'STUDIO_DATA_BOOKED_CLASS' ) ) );
		$this->assertSame( array( $reference ), array_column( $page['bookings'], 'reference' ) );
		$this->assertNull( $page['next'] );
		$this->assertSame( 'Lucía', $this->client->booking( $reference )['guest']['firstName'] );
		$roster = $this->client->roster( (string) getenv( 'STUDIO_DATA_BOOKED_CLASS' ) );
		$this->assertSame( array( $reference ), array_column( $roster['booked'], 'reference' ) );
		$this->assertStringStartsWith( "reference,status,kind,", $this->client->bookingsCsv( array( 'classId' => (string) getenv( 'STUDIO_DATA_BOOKED_CLASS' ) ) ) );

		$cancelled = $this->client->cancel( $reference );
		$this->assertSame( array( 'cancelled', 'studio', true ), array( $cancelled['booking']['status'], $cancelled['booking']['cancelledBy'], $cancelled['changed'] ) );
		$this->assertFalse( $this->client->cancel( $reference )['changed'] );
	}

	public function test_webhooks_are_created_listed_and_deleted(): void {
		$created = $this->client->createWebhook( 'http://127.0.0.1:9/hooks', array( 'booking.confirmed', 'booking.cancelled' ) );
		$this->assertMatchesRegularExpression( '/^whsec_/', $created['secret'] );
		$this->assertSame( array( $created['id'] ), array_column( $this->client->webhooks(), 'id' ) );
		$this->assertSame( array(), $this->client->deliveries( $created['id'] ) );
		$this->client->deleteWebhook( $created['id'] );
		$this->assertSame( array(), $this->client->webhooks() );
	}

	public function test_errors_are_typed(): void {
		try {
			$this->client->booking( 'SD-NONE-NONE' );
			$this->fail( 'expected NotFound' );
		} catch ( NotFound $error ) {
			$this->assertSame( 'booking_not_found', $error->problemCode );
		}
		try {
			$this->client->putDocument( array( 'studio' => array( 'id' => 'another-studio' ) ) );
			$this->fail( 'expected Rejected' );
		} catch ( Rejected $error ) {
			$this->assertSame( 'invalid_document', $error->problemCode );
			$this->assertContains( 'studio.id', array_column( $error->problems, 'path' ) );
		}
		$stranger = new StudioClient( (string) getenv( 'STUDIO_DATA_API_URL' ), (string) getenv( 'STUDIO_DATA_KEY_STUDIO_ID' ), 'sdk_' . str_repeat( 'Z', 43 ), new StreamTransport( 5.0 ) );
		$this->expectException( Unauthorized::class );
		$stranger->webhooks();
	}
}
