<?php
/**
 * REST proxy under studio-data/v1, mirroring the public API's paths and answering decoded data
 * (locale maps as objects). For the block editor (edit_posts) and, for classes and events, for the
 * front end's week navigation (public within the limits of public-access.php, cached by the bridge
 * and by browsers for a minute).
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\ApiError;
use StudioData\Client\Endpoint;
use StudioData\Client\Id;

const STUDIO_DATA_REST_NAMESPACE = 'studio-data/v1';

function studio_data_register_rest_routes(): void {
	$routes = array(
		'/studio/(?P<studio_id>' . Id::PATTERN . ')/profile'    => Endpoint::StudioProfile,
		'/studio/(?P<studio_id>' . Id::PATTERN . ')/instructors' => Endpoint::Instructors,
		'/studio/(?P<studio_id>' . Id::PATTERN . ')/classes'    => Endpoint::Classes,
		'/studio/(?P<studio_id>' . Id::PATTERN . ')/classes/(?P<type_name>[^/]{1,100})' => Endpoint::ClassesByType,
		'/studio/(?P<studio_id>' . Id::PATTERN . ')/events'     => Endpoint::Events,
		'/studio/(?P<studio_id>' . Id::PATTERN . ')/packages'   => Endpoint::Packages,
		'/studio/(?P<studio_id>' . Id::PATTERN . ')/private-lesson-instructors' => Endpoint::PrivateLessonInstructors,
		'/studio/(?P<studio_id>' . Id::PATTERN . ')/private-lesson-questions'   => Endpoint::PrivateLessonQuestions,
		'/user/(?P<user_id>' . Id::PATTERN . ')/profile'        => Endpoint::UserProfile,
		'/class/(?P<class_id>' . Id::PATTERN . ')'               => Endpoint::ClassById,
		'/studio/(?P<studio_id>' . Id::PATTERN . ')/private-lesson-instructors/(?P<instructor_id>' . Id::PATTERN . ')/slots' => Endpoint::PrivateLessonSlots,
	);
	foreach ( $routes as $route => $endpoint ) {
		register_rest_route(
			STUDIO_DATA_REST_NAMESPACE,
			$route,
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => static fn ( WP_REST_Request $request ) => studio_data_rest_answer( $endpoint, $request ),
				'permission_callback' => $endpoint->takesFrom() ? 'studio_data_rest_public_permission' : 'studio_data_rest_can_edit',
				'args'                => studio_data_rest_args( $endpoint ),
			)
		);
	}
}

/** Editors only: the block editor's previews and pickers. */
function studio_data_rest_can_edit(): bool {
	return current_user_can( 'edit_posts' );
}

/**
 * Argument schemas. `from` is a calendar date within a year or so of today: week navigation needs
 * no more, and a bounded set of dates keeps the public routes' cache bounded.
 *
 * @return array<string,array<string,mixed>>
 */
function studio_data_rest_args( Endpoint $endpoint ): array {
	$args = array();
	foreach ( $endpoint->pathParameters() as $name ) {
		$args[ $name ] = array(
			'type'     => 'string',
			'required' => true,
		);
		if ( 'type_name' !== $name ) {
			$args[ $name ]['pattern'] = '^' . Id::PATTERN . '$';
		}
	}
	if ( in_array( 'duration_mins', $endpoint->queryParameters(), true ) ) {
		$args['duration_mins'] = array(
			'description' => __( 'The lesson\'s length in minutes (one of the instructor\'s); default: the shortest.', 'studio-data' ),
			'type'        => 'integer',
			'minimum'     => 1,
			'maximum'     => 1440,
			'required'    => false,
		);
	}
	if ( $endpoint->takesFrom() ) {
		$args['from'] = array(
			'description'       => __( 'First day of the 7-day window (YYYY-MM-DD); default: today in the studio\'s time zone.', 'studio-data' ),
			'type'              => 'string',
			'format'            => 'date',
			'required'          => false,
			'validate_callback' => 'studio_data_rest_validate_from',
		);
	}
	return $args;
}

/** @return true|WP_Error */
function studio_data_rest_validate_from( mixed $value ) {
	$date = studio_data_date_arg( $value );
	if ( null !== $date ) {
		$days = abs( ( strtotime( $date . ' 00:00:00 UTC' ) - studio_data_now() ) / DAY_IN_SECONDS );
		if ( $days <= 400 ) {
			return true;
		}
	}
	return new WP_Error( 'rest_invalid_param', __( 'from must be a date (YYYY-MM-DD) within about a year of today.', 'studio-data' ), array( 'status' => 400 ) );
}

/** @return WP_REST_Response|WP_Error */
function studio_data_rest_answer( Endpoint $endpoint, WP_REST_Request $request ) {
	$params = array();
	foreach ( array_merge( $endpoint->pathParameters(), $endpoint->queryParameters() ) as $name ) {
		$value = $request->get_param( $name );
		if ( ( is_string( $value ) && '' !== $value ) || is_int( $value ) ) {
			$params[ $name ] = $value;
		}
	}
	try {
		$data = studio_data_bridge()->get( $endpoint, $params );
	} catch ( ApiError $error ) {
		return studio_data_error_to_wp_error( $error );
	}
	$response = new WP_REST_Response( studio_data_rest_objects( $data, $endpoint ) );
	if ( $endpoint->takesFrom() ) {
		$response->header( 'Cache-Control', 'public, max-age=60' );
	}
	return $response;
}

/**
 * Locale maps are objects on the wire even when empty (PHP would send [] for an empty array).
 *
 * @param array<mixed> $data
 */
function studio_data_rest_objects( array $data, Endpoint $endpoint ): mixed {
	$maps = array( 'description', 'bio', 'label' );
	$walk = static function ( $value, $key ) use ( &$walk, $maps ) {
		if ( ! is_array( $value ) ) {
			return $value;
		}
		if ( in_array( $key, $maps, true ) ) {
			return (object) $value;
		}
		$out = array();
		foreach ( $value as $k => $v ) {
			$out[ $k ] = $walk( $v, $k );
		}
		return $out;
	};
	$out = $walk( $data, '' );
	return $endpoint->answersList() ? $out : (object) $out;
}
