<?php
/**
 * The studio API inside WordPress: its client (with the saved studio key, on the server only), and
 * the studio's coming days as the admin screens show them: each class and event with who is booked
 * and who waits, and the private lessons.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\InvalidArgument;
use StudioData\Client\StudioClient;
use StudioData\WordPress\WpTransport;

/** The longest a studio API answer may be here (a CSV export of many bookings). */
const STUDIO_DATA_STUDIO_API_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The studio client for the configured studio, with the saved key.
 *
 * @throws InvalidArgument When the API address, the studio ID or the key is missing.
 */
function studio_data_studio_client(): StudioClient {
	$settings = studio_data_get_settings();
	if ( '' === $settings['api_base_url'] ) {
		throw new InvalidArgument( 'not configured', 'not_configured' );
	}
	if ( '' === $settings['studio_id'] ) {
		throw new InvalidArgument( 'no studio', 'missing_studio_id' );
	}
	$key = studio_data_studio_key();
	if ( '' === $key ) {
		throw new InvalidArgument( 'no key', 'no_studio_key' );
	}
	/**
	 * Seconds the admin screens wait for the studio API.
	 *
	 * @param float $timeout Default 10.
	 */
	$timeout = (float) apply_filters( 'studio_data_studio_api_timeout', 10.0 );
	return new StudioClient( $settings['api_base_url'], $settings['studio_id'], $key, new WpTransport( $timeout, STUDIO_DATA_STUDIO_API_MAX_BYTES ) );
}

/**
 * The studio's days from today (in its zone): for each date, its classes and events (as the public
 * API lists them) with who is booked (in the order they booked) and who waits (in line), then the
 * private lessons of that date. Two requests to the API for the whole week.
 *
 * @param int $days 1 (today) to 7.
 * @return array{zone:DateTimeZone,today:string,days:array<string,list<array{id:string,title:string,kind:string,start:string,end:string,room:string,capacity:?int,booked:list<array<string,mixed>>,waiting:list<array<string,mixed>>}>>}
 */
function studio_data_studio_days( int $days ): array {
	$days      = max( 1, min( 7, $days ) );
	$studio_id = studio_data_get_settings()['studio_id'];
	$client    = studio_data_studio_client();
	$bridge    = studio_data_bridge();
	$zone      = studio_data_timezone( $bridge->studioProfile( $studio_id ) );
	$today     = studio_data_local_today( $zone );
	$until     = ( new DateTimeImmutable( $today, $zone ) )->modify( '+' . $days . ' days' )->format( 'Y-m-d' );

	$bookings = array_filter(
		$client->allBookings(
			array(
				'from'  => $today,
				'to'    => $until,
				'limit' => 500,
			)
		),
		static fn ( array $booking ): bool => in_array( $booking['status'] ?? '', array( 'confirmed', 'waiting' ), true )
	);

	$items = array();
	foreach ( array( 'class' => $bridge->classes( $studio_id ), 'event' => $bridge->events( $studio_id ) ) as $kind => $listed ) {
		foreach ( $listed as $entry ) {
			$date = 'event' === $kind ? (string) ( $entry['date'] ?? '' ) : studio_data_local_date( (string) ( $entry['date'] ?? '' ), $zone );
			if ( $date < $today || $date >= $until ) {
				continue;
			}
			$items[ (string) $entry['id'] ] = array(
				'id'       => (string) $entry['id'],
				'title'    => (string) ( $entry['name'] ?? '' ),
				'kind'     => $kind,
				'date'     => $date,
				'start'    => (string) ( $entry['startTime'] ?? '' ),
				'end'      => (string) ( $entry['endTime'] ?? '' ),
				'room'     => (string) ( $entry['room'] ?? '' ),
				'capacity' => isset( $entry['capacity'] ) ? (int) $entry['capacity'] : null,
				'booked'   => array(),
				'waiting'  => array(),
			);
		}
	}
	foreach ( $bookings as $booking ) {
		$class_id = (string) ( $booking['classId'] ?? '' );
		$date     = studio_data_local_date( (string) ( $booking['start'] ?? '' ), $zone );
		$time     = studio_data_local_time( (string) ( $booking['start'] ?? '' ), $zone );
		// A class the public listing leaves out (a hidden dance type), or a private lesson: shown from the booking itself.
		$id = '' !== $class_id ? $class_id : 'lesson:' . (string) ( $booking['reference'] ?? '' );
		if ( ! isset( $items[ $id ] ) ) {
			$items[ $id ] = array(
				'id'       => $id,
				'title'    => (string) ( $booking['title'] ?? '' ),
				'kind'     => (string) ( $booking['kind'] ?? 'class' ),
				'date'     => $date,
				'start'    => $time,
				'end'      => studio_data_local_time( (string) ( $booking['end'] ?? '' ), $zone ),
				'room'     => '',
				'capacity' => null,
				'booked'   => array(),
				'waiting'  => array(),
			);
		}
		$items[ $id ][ 'waiting' === $booking['status'] ? 'waiting' : 'booked' ][] = $booking;
	}

	$by_day = array();
	foreach ( $items as $item ) {
		usort( $item['booked'], static fn ( array $a, array $b ): int => strcmp( (string) $a['createdAt'], (string) $b['createdAt'] ) );
		usort( $item['waiting'], static fn ( array $a, array $b ): int => (int) $a['waitlistPosition'] <=> (int) $b['waitlistPosition'] );
		$by_day[ $item['date'] ][] = $item;
	}
	ksort( $by_day );
	foreach ( $by_day as &$day_items ) {
		usort( $day_items, static fn ( array $a, array $b ): int => strcmp( $a['start'], $b['start'] ) ?: strcmp( $a['title'], $b['title'] ) );
	}
	unset( $day_items );
	return array(
		'zone'  => $zone,
		'today' => $today,
		'days'  => $by_day,
	);
}

/** The studio-local time (H:i) of an instant; '' if unreadable. */
function studio_data_local_time( string $instant, DateTimeZone $zone ): string {
	try {
		return ( new DateTimeImmutable( $instant ) )->setTimezone( $zone )->format( 'H:i' );
	} catch ( Exception $e ) {
		return '';
	}
}
