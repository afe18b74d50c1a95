<?php
/**
 * studio-data/book-button on the page.
 *
 * @var array<string,mixed> $attributes
 * @package StudioData
 */

defined( 'ABSPATH' ) || exit;

$studio_data_args = studio_data_block_source_args( $attributes ) + array(
	'kind'   => in_array( $attributes['kind'] ?? 'class', array( 'class', 'event', 'private-lesson' ), true ) ? $attributes['kind'] : 'class',
	'target' => (string) ( $attributes['target'] ?? '' ),
	'label'  => (string) ( $attributes['label'] ?? '' ),
);
if ( '' === $studio_data_args['label'] ) {
	unset( $studio_data_args['label'] ); // The renderer's own default text.
}
?>
<div <?php echo get_block_wrapper_attributes(); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped by WordPress. ?>>
	<?php echo studio_data_render_book_button( $studio_data_args ); // phpcs:ignore WordPress.Security.EscapeOutput -- escaped HTML. ?>
</div>
