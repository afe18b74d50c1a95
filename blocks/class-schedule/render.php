<?php
/**
 * studio-data/class-schedule on the page. Everything printed is escaped by the shared renderer and
 * the tools' builders (block-markup.php and tools.php beside this file).
 *
 * @var array<string,mixed> $attributes
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;
?>
<div <?php echo get_block_wrapper_attributes(); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by WordPress. ?>>
	<?php echo studio_data_render_schedule_block( $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped HTML. ?>
</div>
