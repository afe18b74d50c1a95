<?php
/**
 * studio-data/events on the page: the shared events renderer, and the events as JSON-LD DanceEvents.
 *
 * @var array<string,mixed> $attributes
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

$studio_data_args = studio_data_block_args( 'events', $attributes );
?>
<div <?php echo get_block_wrapper_attributes(); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by WordPress. ?>>
	<?php echo studio_data_render_events( $studio_data_args ) . studio_data_events_json_ld( $studio_data_args ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped HTML and JSON. ?>
</div>
