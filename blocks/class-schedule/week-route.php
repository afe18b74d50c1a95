<?php
/**
 * GET studio-data/v1/blocks/class-schedule/week: one week of a schedule block, rendered by the
 * shared renderer, for the block's "previous / next week" links (blocks/class-schedule/view.ts).
 * Public like the classes route it stands on, within the same limits (public-access.php: anonymous
 * callers only for the site's studios and weeks); its answers come from the bridge's cache.
 *
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

use StudioData\Client\Id;

add_action( 'rest_api_init', 'studio_data_register_schedule_week_route' );

/** The block's attributes the week route leaves out: whether visitors get filters is the page's markup only. */
const STUDIO_DATA_WEEK_ROUTE_LEAVES_OUT = array( 'showFilters' );

function studio_data_register_schedule_week_route(): void {
	register_rest_route(
		STUDIO_DATA_REST_NAMESPACE,
		'/blocks/class-schedule/week',
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => 'studio_data_schedule_week_answer',
			'permission_callback' => 'studio_data_rest_public_permission',
			'args'                => array(
				'from'   => array(
					'type'              => 'string',
					'required'          => true,
					'validate_callback' => 'studio_data_rest_validate_from',
				),
				// Which schedule of its page the block is (tools.php), for the name of the week's landmark.
				'number' => array(
					'type'    => 'integer',
					'minimum' => 1,
					'maximum' => 99,
					'default' => 1,
				),
			) + studio_data_schedule_week_attribute_args(),
		)
	);
}

/**
 * The route's arguments beside `from`: the block's attributes as its block.json declares them (type,
 * allowed values, default), held tighter where a public route must be: the studio ID and locale by
 * their patterns, lists short.
 *
 * @return array<string,array<string,mixed>>
 */
function studio_data_schedule_week_attribute_args(): array {
	$args = array_diff_key( studio_data_block_attribute_schemas( 'class-schedule' ), array_flip( STUDIO_DATA_WEEK_ROUTE_LEAVES_OUT ) );
	foreach ( $args as $name => $schema ) {
		if ( 'array' === ( $schema['type'] ?? '' ) ) {
			$args[ $name ]['items']['maxLength'] = 100;
			$args[ $name ]['maxItems']           = 50;
		}
	}
	$args['studioId']['pattern'] = '^(' . Id::PATTERN . ')?$';
	$args['locale']['pattern']   = '^([A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)?$';
	return $args;
}

/**
 * A schedule block's attributes as the week route takes them (the script sends them back to render
 * another week like this one), read by their block.json types.
 *
 * @param array<string,mixed> $attributes
 * @return array<string,mixed>
 */
function studio_data_schedule_week_query( array $attributes ): array {
	$query = array();
	foreach ( studio_data_schedule_week_attribute_args() as $name => $schema ) {
		$value          = $attributes[ $name ] ?? $schema['default'] ?? null;
		$query[ $name ] = match ( $schema['type'] ?? '' ) {
			'array'   => studio_data_list_arg( $value ),
			'integer' => (int) $value,
			'boolean' => true === $value,
			default   => is_scalar( $value ) ? (string) $value : '',
		};
	}
	return $query;
}

/**
 * The week's schedule HTML and where the links go from there.
 *
 * @return WP_REST_Response
 */
function studio_data_schedule_week_answer( WP_REST_Request $request ) {
	$attributes = array();
	foreach ( array_keys( studio_data_schedule_week_attribute_args() ) as $name ) {
		$attributes[ $name ] = $request->get_param( $name );
	}
	$args = studio_data_block_args( 'class-schedule', $attributes );
	$zone = studio_data_schedule_zone( $args );
	$week = studio_data_schedule_week( studio_data_date_arg( $request->get_param( 'from' ) ), $zone );

	$response = new WP_REST_Response(
		array(
			'from'    => $week['from'],
			'prev'    => $week['prev'],
			'next'    => $week['next'],
			'label'   => $week['label'],
			'html'    => studio_data_render_schedule( array( 'from' => $week['from'], 'number' => (int) $request->get_param( 'number' ) ) + $args ),
			'choices' => studio_data_schedule_week_choices( $args, $week['from'] ),
		)
	);
	$response->header( 'Cache-Control', 'public, max-age=60' );
	return $response;
}

/**
 * The studio's time zone for the week arithmetic; UTC when the API cannot say (the renderer then
 * shows its own message).
 *
 * @param array<string,mixed> $args
 */
function studio_data_schedule_zone( array $args ): DateTimeZone {
	try {
		return studio_data_timezone( studio_data_bridge()->studioProfile( studio_data_render_context( $args )['studio'] ) );
	} catch ( \StudioData\Client\ApiError $error ) {
		return new DateTimeZone( 'UTC' );
	}
}

/**
 * The filters' choices for the week shown (its levels are the week's own), for the script to offer
 * them in place of the first week's; null when the API cannot say (the script keeps what it has).
 *
 * @param array<string,mixed> $args From studio_data_block_args().
 * @return array<string,list<array{0:string,1:string}>>|null
 */
function studio_data_schedule_week_choices( array $args, string $from ): ?array {
	try {
		$studio = studio_data_render_context( $args )['studio'];
		$bridge = studio_data_bridge();
		return studio_data_schedule_choice_lists( studio_data_schedule_filters( $args, $bridge->studioProfile( $studio ), $bridge->instructors( $studio ), $bridge->classes( $studio, $from ) ) );
	} catch ( Throwable $error ) {
		return null;
	}
}
