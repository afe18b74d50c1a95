<?php
use PHPUnit\Framework\TestCase;
use StudioData\Client\Client;
use StudioData\Client\Endpoint;
use StudioData\Client\LocaleText;
use StudioData\Client\NotFound;
use StudioData\Client\InvalidArgument;
use StudioData\Client\HttpResponse;
use StudioData\Client\StreamTransport;
use StudioData\Client\Transport;
use StudioData\Client\Unavailable;

/**
 * The client on PHP streams against a real Studio Data server, started by the jest test on the
 * fixture studio (STUDIO_DATA_API_URL, STUDIO_DATA_STUDIO_ID). The last test checks that the others
 * asked the server for every endpoint the client knows: a new endpoint gets a live test here.
 */
final class LiveApiTest extends TestCase {
	private Client $client;
	private string $studio;
	/** @var list<string> The paths the tests of this class asked the server for, in order. */
	private static array $askedPaths = array();

	protected function setUp(): void {
		$url = getenv( 'STUDIO_DATA_API_URL' );
		if ( ! $url ) {
			$this->markTestSkipped( 'STUDIO_DATA_API_URL is not set: run through npm test.' );
		}
		$this->client = new Client( $url, self::recordingPaths( new StreamTransport( 5.0 ) ) );
		$this->studio = (string) getenv( 'STUDIO_DATA_STUDIO_ID' );
	}

	public function test_the_studio_endpoints_answer_decoded_data(): void {
		$profile = $this->client->studioProfile( $this->studio );
		$this->assertSame( 'Salsa Fixture Madrid', $profile['name'] );
		$this->assertSame( 'Dance school', LocaleText::pick( $profile['description'], 'en-GB' ) );
		$this->assertSame( 'Cuban salsa', LocaleText::pick( $profile['studioTypes'][0]['description'], 'en' ) );

		$instructors = $this->client->instructors( $this->studio );
		$this->assertSame( 'Bailarina', LocaleText::pick( $instructors[0]['bio'], 'es-MX' ) );

		$this->assertSame( array( 'Salsa', 'Bachata' ), $this->client->userProfile( $instructors[0]['id'] )['danceSpecialities'] );

		$classes = $this->client->classes( $this->studio, '2026-03-23' );
		$this->assertContains( 'Salsa Beginners', array_column( $classes, 'name' ) );
		$this->assertSame( array( 'WCS Intensive', 'WCS Intensive' ), array_column( $this->client->classesByType( $this->studio, 'west coast swing', '2026-03-23' ), 'name' ) );
		$this->assertSame( array( 'Saturday Social', 'Styling Workshop' ), array_column( $this->client->events( $this->studio, '2026-03-23' ), 'name' ) );
		$this->assertSame( array( 'ten', 'unlimited' ), array_column( $this->client->packages( $this->studio ), 'id' ) );
		$this->assertCount( 1, $this->client->privateLessonInstructors( $this->studio ) );
		$this->assertSame( 'Tu nivel', LocaleText::pick( $this->client->privateLessonQuestions( $this->studio )[0]['label'], 'es' ) );
	}

	public function test_one_class_by_id_free_lesson_times_and_the_calendar_links(): void {
		$class = $this->client->classById( 'salsa-mon-20260323' );
		$this->assertSame( array( 'Salsa Beginners', 'EUR', 'Salsa' ), array( $class['name'], $class['currency'], $class['danceType'] ) );
		$this->assertNull( $this->client->classById( 'social' )['danceType'] );
		try {
			$this->client->classById( 'salsa-cancelled' );
			$this->fail( 'no error' );
		} catch ( NotFound $error ) {
			$this->assertSame( array( 'class_cancelled', 410 ), array( $error->problemCode, $error->getCode() ) );
		}

		$slots = $this->client->privateLessonSlots( $this->studio, 'mad-luis', null, 90 );
		$this->assertNotSame( array(), $slots );
		foreach ( $slots as $slot ) {
			$this->assertSame( 90 * 60, strtotime( $slot['end'] ) - strtotime( $slot['start'] ) );
			$this->assertSame( 'pr-luis-90', $slot['pricingId'] );
		}
		try {
			$this->client->privateLessonSlots( $this->studio, 'mad-luis', null, 30 );
			$this->fail( 'no error' );
		} catch ( InvalidArgument $error ) {
			$this->assertSame( 'invalid_duration', $error->problemCode );
		}

		// The server's Link header names the weeks around one: the next week asked as it names it.
		$week = $this->client->window( Endpoint::Classes, array( 'studio_id' => $this->studio, 'from' => '2026-03-23' ) );
		$this->assertSame( array( '2026-03-16', '2026-03-30' ), array( $week->previous, $week->next ) );
		$this->assertSame( array_column( $this->client->classes( $this->studio, '2026-03-30' ), 'id' ), array_column( $this->client->window( Endpoint::Classes, array( 'studio_id' => $this->studio, 'from' => $week->next ) )->entries, 'id' ) );

		$links = $this->client->calendarLinks( $this->studio, 'West Coast Swing' );
		$feed  = getenv( 'STUDIO_DATA_API_URL' ) . '/api/public/studio/' . $this->studio . '/calendar.ics?type=West%20Coast%20Swing';
		$this->assertSame( array( 'feed' => $feed, 'webcal' => str_replace( 'http://', 'webcal://', $feed ), 'google' => 'https://calendar.google.com/calendar/render?cid=' . rawurlencode( str_replace( 'http://', 'webcal://', $feed ) ) ), $links );
		$this->assertStringStartsWith( "BEGIN:VCALENDAR\r\n", (string) file_get_contents( $links['feed'] ) );
	}

	public function test_an_unknown_studio_is_not_found_with_the_contracts_code(): void {
		try {
			$this->client->packages( 'no-such-studio' );
			$this->fail( 'no error' );
		} catch ( NotFound $error ) {
			$this->assertSame( 'studio_not_found', $error->problemCode );
		}
	}

	public function test_an_invalid_from_is_an_invalid_argument(): void {
		$this->expectException( InvalidArgument::class );
		$this->client->classes( $this->studio, '2026-02-30' );
	}

	public function test_the_etag_of_an_answer_revalidates_to_not_modified(): void {
		$first  = $this->client->fetch( \StudioData\Client\Endpoint::Packages, array( 'studio_id' => $this->studio ) );
		$second = $this->client->fetch( \StudioData\Client\Endpoint::Packages, array( 'studio_id' => $this->studio ), $first->etag );
		$this->assertNotNull( $first->etag );
		$this->assertTrue( $second->notModified );
	}

	public function test_a_server_that_is_not_there_is_unavailable(): void {
		$client = new Client( 'http://127.0.0.1:9', new StreamTransport( 2.0 ) );
		try {
			$client->packages( $this->studio );
			$this->fail( 'no error' );
		} catch ( Unavailable $error ) {
			$this->assertSame( 'network_error', $error->problemCode );
		}
	}

	/** Declared last: PHPUnit runs a class's tests in the order they are written. */
	public function test_every_endpoint_the_client_knows_was_asked_live(): void {
		$never_asked = array();
		foreach ( Endpoint::cases() as $endpoint ) {
			$pattern = self::pathPattern( $endpoint );
			if ( ! preg_grep( $pattern, self::$askedPaths ) ) {
				$never_asked[] = $endpoint->name;
			}
		}
		$this->assertSame( array(), $never_asked, 'Each endpoint needs a test above that asks the live server for it and states its answer.' );
	}

	/** What an endpoint's paths look like, whatever their parameters: its path with each parameter as one segment. */
	private static function pathPattern( Endpoint $endpoint ): string {
		$marker = 'PARAMETER';
		$path   = $endpoint->pathFor( array_fill_keys( $endpoint->pathParameters(), $marker ) );
		return '#^/api/public' . str_replace( $marker, '[^/]+', preg_quote( $path, '#' ) ) . '$#';
	}

	private static function recordingPaths( Transport $transport ): Transport {
		return new class( $transport ) implements Transport {
			public function __construct( private Transport $transport ) {
			}

			public function get( string $url, array $headers ): HttpResponse {
				LiveApiTest::asked( (string) parse_url( $url, PHP_URL_PATH ) );
				return $this->transport->get( $url, $headers );
			}
		};
	}

	/** @internal for the recording transport */
	public static function asked( string $path ): void {
		self::$askedPaths[] = $path;
	}
}
