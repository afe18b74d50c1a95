<?php
/**
 * studio-data/instructors on the page.
 *
 * @var array<string,mixed> $attributes
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

$studio_data_args = studio_data_block_source_args( $attributes ) + array(
	'ids'     => studio_data_block_list( $attributes, 'ids' ),
	'columns' => studio_data_int_arg( $attributes['columns'] ?? 3, 3, 1, 4 ),
);
?>
<div <?php echo get_block_wrapper_attributes(); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by WordPress. ?>>
	<?php echo studio_data_render_instructors( $studio_data_args ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped HTML. ?>
</div>
