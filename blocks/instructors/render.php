<?php
/**
 * studio-data/instructors on the page.
 *
 * @var array<string,mixed> $attributes
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

$studio_data_args = studio_data_block_args( 'instructors', $attributes );
?>
<div <?php echo get_block_wrapper_attributes(); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by WordPress. ?>>
	<?php echo studio_data_render_instructors( $studio_data_args ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped HTML. ?>
</div>
