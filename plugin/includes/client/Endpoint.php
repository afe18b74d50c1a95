<?php
namespace StudioData\Client;

/**
 * The nine endpoints of the public API: their paths, the parameters they take, and how their
 * answers are decoded (JSON-encoded locale strings become arrays of locale => text).
 *
 * Parameters use the same names everywhere (client, WordPress bridge, REST proxy):
 * studio_id, user_id, type_name, from.
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

	/** @return list<string> Parameters in the path, in order. */
	public function pathParameters(): array {
		return match ( $this ) {
			self::UserProfile   => array( 'user_id' ),
			self::ClassesByType => array( 'studio_id', 'type_name' ),
			default             => array( 'studio_id' ),
		};
	}

	public function takesFrom(): bool {
		return in_array( $this, array( self::Classes, self::ClassesByType, self::Events ), true );
	}

	/** Whether the answer is a list (true) or one object (false). */
	public function answersList(): bool {
		return ! in_array( $this, array( self::StudioProfile, self::UserProfile ), true );
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
			self::UserProfile   => '/user/' . $segments['user_id'] . '/profile',
			self::ClassesByType => '/studio/' . $segments['studio_id'] . '/classes/' . $segments['type_name'],
			default             => '/studio/' . $segments['studio_id'] . '/' . $this->value,
		};
		$from = $params['from'] ?? null;
		if ( $this->takesFrom() && is_string( $from ) && '' !== $from ) {
			$path .= '?from=' . rawurlencode( $from );
		}
		return $path;
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
