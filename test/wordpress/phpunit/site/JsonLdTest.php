<?php
/**
 * The schedule's and the studio's JSON-LD as a search engine joins them: each DanceEvent with a
 * picture, its organizer and place the same node as the studio's LocalBusiness, offers on sale from
 * the studio's today.
 */
final class JsonLdTest extends StudioDataTestCase {
	/** @return list<array<string,mixed>> The DanceEvents of the Madrid fixture's week of 2026-03-23. */
	private function madridWeek(): array {
		$ctx = studio_data_render_context( array( 'studio' => $this->madridStudio() ) );
		return studio_data_schedule_json_ld_data( $ctx, array( 'from' => '2026-03-23', 'show_past' => true ) )['@graph'];
	}

	public function test_when_a_class_is_read_then_its_image_is_its_dance_types_and_an_event_without_one_has_the_studios_logo(): void {
		$salsa = array_values( array_filter( $this->madridWeek(), static fn ( array $event ): bool => 'Salsa Beginners' === $event['name'] ) )[0];
		$this->assertSame( 'https://images.example.com/salsa.png', $salsa['image'] );

		$ctx    = studio_data_render_context( array() );
		$events = studio_data_json_ld_dance_events( array( array( 'id' => 'e1', 'name' => 'Social', 'date' => '2026-03-28', 'startTime' => '22:00', 'endTime' => '23:00', 'danceType' => null ) ), studio_data_bridge()->studioProfile( $ctx['studio'] ), studio_data_occurrence_view( 'event', studio_data_bridge()->studioProfile( $ctx['studio'] ), $ctx, array() ) );
		$this->assertSame( 'https://images.example.com/ritmo.png', $events['@graph'][0]['image'] );
	}

	public function test_every_events_organizer_and_location_name_the_studios_local_business_by_its_id(): void {
		$ctx      = studio_data_render_context( array( 'studio' => $this->madridStudio() ) );
		$business = studio_data_studio_json_ld_data( $ctx, array() );
		$this->assertSame( home_url( '/#studio-data-' . $this->madridStudio() ), $business['@id'] );
		foreach ( $this->madridWeek() as $event ) {
			$this->assertSame( $business['@id'], $event['organizer']['@id'] );
			$this->assertSame( $business['@id'], $event['location']['@id'] );
		}
	}

	public function test_a_class_shown_by_two_blocks_of_a_page_is_one_node_each_class_its_own(): void {
		$week = $this->madridWeek();
		$ids  = array_map( static fn ( array $event ): string => $event['@id'], $week );
		$this->assertCount( count( $week ), array_unique( $ids ) );
		foreach ( $ids as $id ) {
			$this->assertStringStartsWith( home_url( '/#studio-data-' . $this->madridStudio() . '/' ), $id );
		}
		$ctx       = studio_data_render_context( array( 'studio' => $this->madridStudio() ) );
		$same_week = studio_data_schedule_json_ld_data( $ctx, array( 'from' => '2026-03-23', 'show_past' => true, 'layout' => 'list' ) )['@graph'];
		$this->assertSame( $ids, array_map( static fn ( array $event ): string => $event['@id'], $same_week ) );
	}

	public function test_offers_are_valid_from_the_start_of_the_studios_today(): void {
		$today = ( new DateTimeImmutable( '@' . studio_data_now() ) )->setTimezone( new DateTimeZone( 'Europe/Madrid' ) )->setTime( 0, 0 )->format( 'c' );
		foreach ( $this->madridWeek() as $event ) {
			$this->assertSame( $today, $event['offers']['validFrom'] );
		}
	}
}
