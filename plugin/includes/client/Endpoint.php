<?php
namespace StudioData\Client;

// Loaded by WordPress or by another PHP program (the client works without WordPress), never requested directly.
defined( 'ABSPATH' ) || count( get_included_files() ) > 1 || exit;

/**
 * The JSON endpoints of the public API: their paths, the parameters they take, and how their
 * answers are decoded (JSON-encoded locale strings become arrays of locale => text). The calendar
 * feed is not JSON: Client::calendarFeedUrl() names it.
 *
 * Parameters use the same names everywhere (client, WordPress bridge, REST proxy):
 * studio_id, user_id, type_name, class_id, instructor_id, from, duration_mins.
 */
enum Endpoint: string {
	case StudioProfile            = 'profile';
	case Instructors              = 'instructors';
	case UserProfile              = 'user-profile';
	case Classes                  = 'classes';
	case ClassesByType            = 'classes-by-type';
	case Events                   = 'events';
	case Packages                 = 'packages';
	case PrivateLessonInstructors = 'private-lesson-instructors';
	case PrivateLessonQuestions   = 'private-lesson-questions';
	case ClassById                = 'class';
	case PrivateLessonSlots       = 'private-lesson-slots';

	/** @return list<string> Parameters in the path, in order. */
	public function pathParameters(): array {
		return match ( $this ) {
			self::UserProfile        => array( 'user_id' ),
			self::ClassesByType      => array( 'studio_id', 'type_name' ),
			self::ClassById          => array( 'class_id' ),
			self::PrivateLessonSlots => array( 'studio_id', 'instructor_id' ),
			default                  => array( 'studio_id' ),
		};
	}

	public function takesFrom(): bool {
		return in_array( $this, array( self::Classes, self::ClassesByType, self::Events, self::PrivateLessonSlots ), true );
	}

	/** @return list<string> The query parameters it takes: `from` for a window, and a lesson's length for free times. */
	public function queryParameters(): array {
		if ( self::PrivateLessonSlots === $this ) {
			return array( 'from', 'duration_mins' );
		}
		return $this->takesFrom() ? array( 'from' ) : array();
	}

	/** Whether the answer is a list (true) or one object (false). */
	public function answersList(): bool {
		return ! in_array( $this, array( self::StudioProfile, self::UserProfile, self::ClassById ), true );
	}

	/**
	 * Path and query under /api/public.
	 *
	 * @param array<string,mixed> $params
	 * @throws InvalidArgument When a path parameter is missing or empty.
	 */
	public function pathFor( array $params ): string {
		$segments = array();
		foreach ( $this->pathParameters() as $name ) {
			$value = isset( $params[ $name ] ) && is_scalar( $params[ $name ] ) ? trim( (string) $params[ $name ] ) : '';
			if ( '' === $value ) {
				throw new InvalidArgument( sprintf( 'The %s is missing.', str_replace( '_', ' ', $name ) ), 'missing_' . $name, 0 );
			}
			$segments[ $name ] = rawurlencode( $value );
		}
		$path = match ( $this ) {
			self::UserProfile        => '/user/' . $segments['user_id'] . '/profile',
			self::ClassesByType      => '/studio/' . $segments['studio_id'] . '/classes/' . $segments['type_name'],
			self::ClassById          => '/class/' . $segments['class_id'],
			self::PrivateLessonSlots => '/studio/' . $segments['studio_id'] . '/private-lesson-instructors/' . $segments['instructor_id'] . '/slots',
			default                  => '/studio/' . $segments['studio_id'] . '/' . $this->value,
		};
		$query = array();
		foreach ( $this->queryParameters() as $name ) {
			$value = $params[ $name ] ?? null;
			if ( ( is_string( $value ) && '' !== $value ) || is_int( $value ) ) {
				// durationMins on the wire: the client's names are the contract's in snake case.
				$query[] = lcfirst( str_replace( '_', '', ucwords( $name, '_' ) ) ) . '=' . rawurlencode( (string) $value );
			}
		}
		return $query ? $path . '?' . implode( '&', $query ) : $path;
	}

	/**
	 * Decodes the locale strings of an answer into arrays.
	 *
	 * @param array<mixed> $data A JSON-decoded answer.
	 * @return array<mixed>
	 */
	public function decode( array $data ): array {
		switch ( $this ) {
			case self::StudioProfile:
				$data['description'] = LocaleText::decodeMap( $data['description'] ?? null );
				$data['studioTypes'] = array_map(
					static fn ( $type ) => is_array( $type ) ? array( 'description' => LocaleText::decodeMap( $type['description'] ?? null ) ) + $type : $type,
					is_array( $data['studioTypes'] ?? null ) ? $data['studioTypes'] : array()
				);
				return $data;
			case self::UserProfile:
				$data['bio'] = LocaleText::decodeMap( $data['bio'] ?? null );
				return $data;
			case self::Instructors:
			case self::PrivateLessonInstructors:
				return array_map(
					static fn ( $person ) => is_array( $person ) ? array( 'bio' => LocaleText::decodeMap( $person['bio'] ?? null ) ) + $person : $person,
					$data
				);
			default:
				return $data;
		}
	}
}
