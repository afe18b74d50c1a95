<?php
use StudioData\Client\NotFound;
use StudioData\Client\Unavailable;
use StudioData\WordPress\RemoteSanitizer;

final class BridgeTest extends StudioDataTestCase {
	public function test_answers_are_decoded_with_locale_maps_as_arrays(): void {
		$profile = studio_data_bridge()->studioProfile( $this->liveStudio() );
		$this->assertSame( array( 'es' => 'Clases de salsa cada noche', 'en' => 'Salsa classes every night' ), $profile['description'] );
		$this->assertSame( 'Bachata teacher', studio_data_bridge()->instructors( $this->liveStudio() )[1]['bio']['en'] );
	}

	public function test_a_fresh_copy_is_served_without_asking_the_api(): void {
		studio_data_bridge()->packages( $this->liveStudio() );
		studio_data_bridge()->packages( $this->liveStudio() );
		$this->assertCount( 1, $this->api_requests );
	}

	public function test_an_expired_copy_is_revalidated_with_its_etag(): void {
		$first = studio_data_bridge()->packages( $this->liveStudio() );
		studio_data_flush_cache();
		$second = studio_data_bridge()->packages( $this->liveStudio() );

		$this->assertSame( $first, $second );
		$this->assertCount( 2, $this->api_requests );
		$this->assertNotEmpty( $this->api_requests[1]['if_none_match'] );
		$this->assertSame( 304, $this->api_requests[1]['status'] );
	}

	public function test_when_the_api_is_down_the_last_good_copy_is_served(): void {
		$good = studio_data_bridge()->classes( $this->liveStudio() );
		studio_data_flush_cache();
		$this->takeApiDown();

		$this->assertSame( $good, studio_data_bridge()->classes( $this->liveStudio() ) );
		$this->assertNotEmpty( $good );
	}

	public function test_a_failure_is_remembered_so_a_failing_api_is_not_asked_on_every_view(): void {
		studio_data_bridge()->classes( $this->liveStudio() );
		studio_data_flush_cache();
		$this->takeApiDown();
		studio_data_bridge()->classes( $this->liveStudio() );
		studio_data_bridge()->classes( $this->liveStudio() );
		studio_data_bridge()->classes( $this->liveStudio() );
		$this->assertCount( 2, $this->api_requests, 'one good request, then one failed request' );
	}

	public function test_with_no_last_good_copy_an_outage_is_an_unavailable_error(): void {
		$this->takeApiDown();
		$this->expectException( Unavailable::class );
		studio_data_bridge()->events( $this->liveStudio() );
	}

	public function test_an_unknown_studio_is_not_found_even_when_an_old_copy_exists(): void {
		$this->expectException( NotFound::class );
		studio_data_bridge()->packages( 'no-such-studio' );
	}

	public function test_unknown_names_from_anyone_leave_no_rows_behind(): void {
		global $wpdb;
		$count = static fn () => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '%studio\\_data\\_%'" );
		$before = $count();
		foreach ( array( 'nope-1', 'nope-2', 'nope-3' ) as $type ) {
			try {
				studio_data_bridge()->classesByType( $this->liveStudio(), $type );
				$this->fail( 'no error for ' . $type );
			} catch ( NotFound $error ) {
				$this->assertSame( 'dance_type_not_found', $error->problemCode );
			}
		}
		$this->assertSame( $before, $count() );
	}

	public function test_remote_fields_are_sanitized_on_the_way_in(): void {
		$clean = RemoteSanitizer::clean(
			array(
				'id'          => 'ok-id"><script>',
				'name'        => "Rock & Roll <3\x00\x07",
				'logo'        => 'javascript:alert(1)',
				'website'     => 'https://studio.example.com/a b',
				'price'       => 12.5,
				'capacity'    => 3,
				'object'      => new stdClass(),
				'bad key!'    => 'dropped',
				'description' => array( 'es-MX' => "Línea 1\nLínea 2" ),
				'nested'      => array( array( 'image' => 'data:text/html,x' ) ),
			)
		);
		$this->assertSame( 'ok-idscript', $clean['id'] );
		$this->assertSame( 'Rock & Roll <3', $clean['name'] );
		$this->assertNull( $clean['logo'] );
		$this->assertSame( 'https://studio.example.com/a%20b', $clean['website'] );
		$this->assertSame( 12.5, $clean['price'] );
		$this->assertSame( 3, $clean['capacity'] );
		$this->assertNull( $clean['object'] );
		$this->assertArrayNotHasKey( 'bad key!', $clean );
		$this->assertSame( "Línea 1\nLínea 2", $clean['description']['es-MX'] );
		$this->assertNull( $clean['nested'][0]['image'] );
	}
}
