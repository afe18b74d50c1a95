<?php
/**
 * schema.org JSON-LD for search engines, the builders the blocks share: a DanceEvent per class or
 * event the schedule and events blocks show, the studio's address, place and organizer. Built from
 * the same cached answers and filters as the visible HTML, so both say the same. Each block's own
 * JSON-LD is in its folder (json-ld.php beside its block.json).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

/** A `<script type="application/ld+json">` element; `<`, `>` and `&` are escaped inside the JSON. */
function studio_data_json_ld_script( array $data ): string {
	if ( array() === $data ) {
		return '';
	}
	$json = wp_json_encode( $data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_HEX_TAG | JSON_HEX_AMP );
	return false === $json ? '' : '<script type="application/ld+json">' . $json . '</script>';
}

/**
 * Runs a builder with its render context and arguments (as studio_data_render_guarded() runs a
 * renderer); when the API fails the page shows the renderer's message and carries no JSON-LD.
 *
 * @param array<string,mixed>                                   $args  The renderer's arguments.
 * @param callable(array<string,mixed>,array<string,mixed>):array $build The structured data from context and arguments.
 */
function studio_data_json_ld_guarded( array $args, callable $build ): string {
	try {
		return studio_data_json_ld_script( $build( studio_data_render_context( $args ), $args ) );
	} catch ( Throwable $error ) {
		// An API failure or an answer that cannot be read (a TypeError included): no JSON-LD.
		return '';
	}
}

/** The studio's address as a PostalAddress (the API keeps it as one line, plus the unit). */
function studio_data_json_ld_postal_address( array $profile ): array {
	$street = implode( ', ', array_filter( array( (string) ( $profile['address'] ?? '' ), (string) ( $profile['unit'] ?? '' ) ) ) );
	return array_filter(
		array(
			'@type'          => 'PostalAddress',
			'streetAddress'  => $street,
			'addressCountry' => (string) ( $profile['country'] ?? '' ),
		)
	);
}

/**
 * The studio's node id (`@id`) on this site: the Studio info block's LocalBusiness carries it, and
 * every class's and event's organizer and location name it, so a search engine reads them as one
 * business, whichever blocks a page holds.
 *
 * @param array<string,string> $ctx From studio_data_render_context().
 */
function studio_data_json_ld_business_id( array $ctx ): string {
	return home_url( '/#studio-data-' . $ctx['studio'] );
}

/**
 * A class's or event's node id on this site: the same wherever it is shown, so that a page with two
 * blocks listing it (a schedule and the next classes, say) describes one DanceEvent twice, which a
 * search engine merges, not two events at the same time.
 *
 * @param array<string,string> $ctx From studio_data_render_context().
 */
function studio_data_json_ld_dance_event_id( array $item, array $ctx ): string {
	return studio_data_json_ld_business_id( $ctx ) . '/' . rawurlencode( (string) ( $item['id'] ?? '' ) );
}

/** The studio as the place of a class or event: the business itself (a LocalBusiness is a Place). */
function studio_data_json_ld_place( array $profile, array $ctx ): array {
	return array(
		'@type'   => 'Place',
		'@id'     => studio_data_json_ld_business_id( $ctx ),
		'name'    => (string) ( $profile['name'] ?? '' ),
		'address' => studio_data_json_ld_postal_address( $profile ),
	);
}

/** The studio as the organizer of a class or event: the business itself. */
function studio_data_json_ld_organizer( array $profile, array $ctx ): array {
	return array_filter(
		array(
			'@type' => 'Organization',
			'@id'   => studio_data_json_ld_business_id( $ctx ),
			'name'  => (string) ( $profile['name'] ?? '' ),
			'url'   => (string) ( $profile['website'] ?? '' ),
			'logo'  => (string) ( $profile['logo'] ?? '' ),
		)
	);
}

/** The picture of a class: its dance type's (the profile's studioTypes); an event's, or a class of a type without one, the studio's logo. */
function studio_data_json_ld_image( array $item, array $profile ): string {
	$type = is_string( $item['danceType'] ?? null ) ? $item['danceType'] : '';
	foreach ( is_array( $profile['studioTypes'] ?? null ) ? $profile['studioTypes'] : array() as $studio_type ) {
		if ( '' !== $type && is_array( $studio_type ) && is_string( $studio_type['name'] ?? null ) && 0 === strcasecmp( $studio_type['name'], $type ) && ! empty( $studio_type['image'] ) ) {
			return (string) $studio_type['image'];
		}
	}
	return (string) ( $profile['logo'] ?? '' );
}

/**
 * Start and end of a class or event as DateTimeImmutable in the studio's zone. A class's `date` is
 * its UTC start instant; an event's is its local date. An end time not after the start time (as the
 * clock reads them) means the next day (an event running past midnight). Local times are read by the
 * contract's rule (studio_data_local_instant), on their own day: a time the start's day skipped or
 * repeated does not carry over to the next.
 *
 * @return array{0:DateTimeImmutable,1:?DateTimeImmutable}|null
 */
function studio_data_json_ld_times( array $item, string $kind, DateTimeZone $zone ): ?array {
	if ( 'event' === $kind ) {
		$start = studio_data_local_instant( (string) ( $item['date'] ?? '' ), (string) ( $item['startTime'] ?? '' ), $zone );
	} else {
		try {
			$start = ( new DateTimeImmutable( (string) ( $item['date'] ?? '' ) ) )->setTimezone( $zone );
		} catch ( Exception $e ) {
			$start = null;
		}
	}
	if ( null === $start ) {
		return null;
	}
	$end_time = (string) ( $item['endTime'] ?? '' );
	if ( ! preg_match( '/^\d{2}:\d{2}$/', $end_time ) ) {
		return array( $start, null );
	}
	$end_day = $end_time > $start->format( 'H:i' ) ? $start : $start->modify( '+1 day' );
	return array( $start, studio_data_local_instant( $end_day->format( 'Y-m-d' ), $end_time, $zone ) );
}

/**
 * The Offer of a class or event: its booking page, whether places are left, since when it can be
 * booked, and the price in the studio's currency only when the API gives one (an unknown price is
 * left out, never 0). A listed class can be booked now: `validFrom` says so with the start of the
 * studio's day, which stays the same all day (cached pages agree) and is never in the future.
 */
function studio_data_json_ld_offer( array $item, array $profile, array $ctx, bool $started ): array {
	$spots = $item['spotsLeft'] ?? null;
	$offer = array(
		'@type'        => 'Offer',
		'availability' => $started || 0 === $spots ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
		'validFrom'    => studio_data_today( studio_data_timezone( $profile ) )->format( 'c' ),
	);
	if ( '' !== $ctx['checkout'] && ! empty( $item['id'] ) ) {
		$offer['url'] = studio_data_class_booking_url( $ctx['checkout'], (string) $item['id'] );
	}
	$price    = $item['price'] ?? null;
	$currency = (string) ( $profile['defaultCurrency'] ?? '' );
	if ( ( is_int( $price ) || is_float( $price ) ) && '' !== $currency ) {
		$offer['price']         = $price;
		$offer['priceCurrency'] = $currency;
	}
	return $offer;
}

/**
 * One class or event as a schema.org DanceEvent, or nothing when its times cannot be read.
 *
 * @param array<string,mixed> $view From studio_data_occurrence_view().
 */
function studio_data_json_ld_dance_event( array $item, array $profile, array $view ): array {
	$times = studio_data_json_ld_times( $item, $view['kind'], $view['zone'] );
	if ( null === $times ) {
		return array();
	}
	$person = studio_data_person_name( 'event' === $view['kind'] ? ( $item['host'] ?? null ) : ( $item['instructor'] ?? null ) );
	$event  = array(
		'@type'               => 'DanceEvent',
		'@id'                 => studio_data_json_ld_dance_event_id( $item, $view['ctx'] ),
		'name'                => (string) ( $item['name'] ?? '' ),
		'startDate'           => $times[0]->format( 'c' ),
		'eventStatus'         => 'https://schema.org/EventScheduled',
		'eventAttendanceMode' => 'https://schema.org/OfflineEventAttendanceMode',
		'location'            => studio_data_json_ld_place( $profile, $view['ctx'] ),
		'organizer'           => studio_data_json_ld_organizer( $profile, $view['ctx'] ),
		'offers'              => studio_data_json_ld_offer( $item, $profile, $view['ctx'], studio_data_occurrence_started( $item, $view ) ),
	);
	if ( null !== $times[1] ) {
		$event['endDate'] = $times[1]->format( 'c' );
	}
	$image = studio_data_json_ld_image( $item, $profile );
	if ( '' !== $image ) {
		$event['image'] = $image;
	}
	if ( '' !== $person ) {
		$event['performer'] = array(
			'@type' => 'Person',
			'name'  => $person,
		);
	}
	$description = studio_data_text( $item['description'] ?? null, $view['ctx'] );
	if ( '' !== $description ) {
		$event['description'] = $description;
	}
	return $event;
}

/**
 * DanceEvents of a list of classes or events, as one JSON-LD graph.
 *
 * @param list<array<string,mixed>> $items
 */
function studio_data_json_ld_dance_events( array $items, array $profile, array $view ): array {
	$events = array_values( array_filter( array_map( static fn ( array $item ): array => studio_data_json_ld_dance_event( $item, $profile, $view ), $items ) ) );
	return array() === $events ? array() : array(
		'@context' => 'https://schema.org',
		'@graph'   => $events,
	);
}
