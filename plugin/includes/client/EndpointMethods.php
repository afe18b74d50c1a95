<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * One named method per endpoint, over a single `get()`. Shared by the plain client and the
 * WordPress bridge so both read the same way.
 */
trait EndpointMethods {
	/**
	 * @param array<string,mixed> $params studio_id, user_id, type_name, from.
	 * @return array<mixed> Decoded data.
	 * @throws ApiError
	 */
	abstract public function get( Endpoint $endpoint, array $params ): array;

	/** @return array<string,mixed> */
	public function studioProfile( string $studio_id ): array {
		return $this->get( Endpoint::StudioProfile, array( 'studio_id' => $studio_id ) );
	}

	/** @return list<array<string,mixed>> */
	public function instructors( string $studio_id ): array {
		return $this->get( Endpoint::Instructors, array( 'studio_id' => $studio_id ) );
	}

	/** @return array<string,mixed> */
	public function userProfile( string $user_id ): array {
		return $this->get( Endpoint::UserProfile, array( 'user_id' => $user_id ) );
	}

	/**
	 * @param string|null $from Window start (Y-m-d, or a date-time); null: today in the studio's zone.
	 * @return list<array<string,mixed>>
	 */
	public function classes( string $studio_id, ?string $from = null ): array {
		return $this->get( Endpoint::Classes, array( 'studio_id' => $studio_id, 'from' => $from ) );
	}

	/** @return list<array<string,mixed>> */
	public function classesByType( string $studio_id, string $type_name, ?string $from = null ): array {
		return $this->get( Endpoint::ClassesByType, array( 'studio_id' => $studio_id, 'type_name' => $type_name, 'from' => $from ) );
	}

	/** @return list<array<string,mixed>> */
	public function events( string $studio_id, ?string $from = null ): array {
		return $this->get( Endpoint::Events, array( 'studio_id' => $studio_id, 'from' => $from ) );
	}

	/** @return list<array<string,mixed>> */
	public function packages( string $studio_id ): array {
		return $this->get( Endpoint::Packages, array( 'studio_id' => $studio_id ) );
	}

	/** @return list<array<string,mixed>> */
	public function privateLessonInstructors( string $studio_id ): array {
		return $this->get( Endpoint::PrivateLessonInstructors, array( 'studio_id' => $studio_id ) );
	}

	/** @return list<array<string,mixed>> */
	public function privateLessonQuestions( string $studio_id ): array {
		return $this->get( Endpoint::PrivateLessonQuestions, array( 'studio_id' => $studio_id ) );
	}

	/**
	 * One class or event by its id (an event when its `danceType` is null).
	 *
	 * @return array<string,mixed>
	 */
	public function classById( string $class_id ): array {
		return $this->get( Endpoint::ClassById, array( 'class_id' => $class_id ) );
	}

	/**
	 * The next session of a weekly class: the first class of the series (`seriesId`, the same every
	 * week) that starts at or after `$now`, from the week's listing and, when the series skips this
	 * week or is over for it, the next weeks'. The windows are named by date, from the UTC date of
	 * `$now` less a day and then 6 days on each: a studio's local date is within a day of the UTC
	 * date, so they cover its today and the days after, overlapping a day, never leaving one out,
	 * whatever the studio's zone, and without reading the API's own today (a cached answer of
	 * yesterday's "this week" cannot hide a session).
	 *
	 * @param int $now   A Unix time (seconds).
	 * @param int $weeks How many 7-day windows to look in (at least 1).
	 * @return array<string,mixed>|null The class, or null when the series has none in those weeks.
	 * @throws ApiError
	 */
	public function nextInSeries( string $studio_id, string $series_id, int $now, int $weeks = 2 ): ?array {
		return $this->firstInSeries( fn ( string $from ): array => $this->classes( $studio_id, $from ), static fn ( array $class ) => is_string( $class['date'] ?? null ) ? strtotime( $class['date'] ) : false, $series_id, $now, $weeks );
	}

	/**
	 * The next session of a weekly event (a social every Friday), as nextInSeries() finds a class's,
	 * in the events' windows. An event's date and start time are the studio's wall clock: they are
	 * read in the zone of its profile.
	 *
	 * @param int $now   A Unix time (seconds).
	 * @param int $weeks How many 7-day windows to look in (at least 1).
	 * @return array<string,mixed>|null The event, or null when the series has none in those weeks.
	 * @throws ApiError
	 */
	public function nextEventInSeries( string $studio_id, string $series_id, int $now, int $weeks = 2 ): ?array {
		$zone = $this->studioProfile( $studio_id )['timezone'] ?? null;
		try {
			$zone = new \DateTimeZone( is_string( $zone ) ? $zone : 'UTC' );
		} catch ( \Exception $unknown_zone ) {
			$zone = new \DateTimeZone( 'UTC' );
		}
		$starts = static function ( array $event ) use ( $zone ) {
			if ( ! is_string( $event['date'] ?? null ) || ! is_string( $event['startTime'] ?? null ) ) {
				return false;
			}
			$start = \DateTimeImmutable::createFromFormat( '!Y-m-d H:i', $event['date'] . ' ' . $event['startTime'], $zone );
			return false === $start ? false : $start->getTimestamp();
		};
		return $this->firstInSeries( fn ( string $from ): array => $this->events( $studio_id, $from ), $starts, $series_id, $now, $weeks );
	}

	/**
	 * The first item of a series starting at or after `$now` in `$weeks` windows of a listing.
	 *
	 * @param callable(string):array<mixed>          $listing The listing's window from a date.
	 * @param callable(array<string,mixed>):(int|false) $starts  An item's start (Unix time), false when unreadable.
	 * @return array<string,mixed>|null
	 */
	private function firstInSeries( callable $listing, callable $starts, string $series_id, int $now, int $weeks ): ?array {
		for ( $week = 0; $week < max( 1, $weeks ); $week++ ) {
			$from = gmdate( 'Y-m-d', $now + ( 6 * $week - 1 ) * 86400 );
			foreach ( $listing( $from ) as $item ) {
				if ( ! is_array( $item ) || ( $item['seriesId'] ?? null ) !== $series_id ) {
					continue;
				}
				$start = $starts( $item );
				if ( false !== $start && $start >= $now ) {
					return $item;
				}
			}
		}
		return null;
	}

	/**
	 * An instructor's free private lesson times in a 7-day window, as the booking page offers them.
	 *
	 * @param string|null $from          Window start (Y-m-d, or a date-time); null: today in the studio's zone.
	 * @param int|null    $duration_mins One of the instructor's lesson lengths; null: the shortest.
	 * @return list<array<string,mixed>>
	 */
	public function privateLessonSlots( string $studio_id, string $instructor_id, ?string $from = null, ?int $duration_mins = null ): array {
		return $this->get( Endpoint::PrivateLessonSlots, array( 'studio_id' => $studio_id, 'instructor_id' => $instructor_id, 'from' => $from, 'duration_mins' => $duration_mins ) );
	}
}
