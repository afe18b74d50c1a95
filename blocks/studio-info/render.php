<?php
/**
 * studio-data/studio-info on the page, with the studio as a JSON-LD LocalBusiness.
 *
 * @var array<string,mixed> $attributes
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

$studio_data_args = studio_data_block_args( 'studio-info', $attributes );
?>
<div <?php echo get_block_wrapper_attributes(); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by WordPress. ?>>
	<?php echo studio_data_render_studio_info( $studio_data_args ) . studio_data_studio_json_ld( $studio_data_args ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped HTML and JSON. ?>
</div>
