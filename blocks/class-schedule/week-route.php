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

add_action( 'rest_api_init', 'studio_data_register_schedule_week_route' );

function studio_data_register_schedule_week_route(): void {
	$list = array(
		'type'    => 'array',
		'items'   => array(
			'type'      => 'string',
			'maxLength' => 100,
		),
		'maxItems' => 50,
		'default'  => array(),
	);
	register_rest_route(
		STUDIO_DATA_REST_NAMESPACE,
		'/blocks/class-schedule/week',
		array(
			'methods'             => WP_REST_Server::READABLE,
			'callback'            => 'studio_data_schedule_week_answer',
			'permission_callback' => 'studio_data_rest_public_permission',
			'args'                => array(
				'from'            => array(
					'type'              => 'string',
					'required'          => true,
					'validate_callback' => 'studio_data_rest_validate_from',
				),
				'studioId'        => array(
					'type'    => 'string',
					'pattern' => '^(' . STUDIO_DATA_ID_PATTERN . ')?$',
					'default' => '',
				),
				'locale'          => array(
					'type'    => 'string',
					'pattern' => '^([A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)?$',
					'default' => '',
				),
				'headingLevel'    => array(
					'type'    => 'integer',
					'minimum' => 2,
					'maximum' => 5,
					'default' => STUDIO_DATA_BLOCK_HEADING_LEVEL,
				),
				'danceTypes'      => $list,
				'levels'          => $list,
				'instructors'     => $list,
				'days'            => $list,
				'layout'          => array(
					'type'    => 'string',
					'enum'    => array( 'list', 'grid' ),
					'default' => 'list',
				),
				'showPastClasses' => array(
					'type'    => 'boolean',
					'default' => false,
				),
			),
		)
	);
}

/**
 * The week's schedule HTML and where the links go from there.
 *
 * @return WP_REST_Response
 */
function studio_data_schedule_week_answer( WP_REST_Request $request ) {
	$attributes = array();
	foreach ( array( 'studioId', 'locale', 'headingLevel', 'danceTypes', 'levels', 'instructors', 'days', 'layout', 'showPastClasses' ) as $name ) {
		$attributes[ $name ] = $request->get_param( $name );
	}
	$args = studio_data_schedule_block_args( $attributes, null );
	$zone = studio_data_schedule_zone( $args );
	$week = studio_data_schedule_week( studio_data_date_arg( $request->get_param( 'from' ) ), $zone );

	$response = new WP_REST_Response(
		array(
			'from'    => $week['from'],
			'prev'    => $week['prev'],
			'next'    => $week['next'],
			'label'   => $week['label'],
			'html'    => studio_data_render_schedule( array( 'from' => $week['from'] ) + $args ),
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
 * @param array<string,mixed> $args From studio_data_schedule_block_args().
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
