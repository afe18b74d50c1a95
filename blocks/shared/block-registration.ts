import { registerBlockCollection, registerBlockType, type BlockConfiguration, type BlockEditProps } from '@wordpress/blocks';
import type { ComponentType } from 'react';

/**
 * Registers a dynamic block in the editor from its block.json: PHP renders it on every page view
 * (its render callback, studio_data_render_block()), so the post stores only the block comment with its attributes and `save` is null.
 */
export function registerDynamicBlock<Attributes extends Record<string, unknown>>(
  metadata: unknown,
  edit: ComponentType<BlockEditProps<Attributes>>,
): void {
  // The inserter lists the blocks together under "Studio Data" (their namespace); asking again is harmless.
  registerBlockCollection('studio-data', { title: 'Studio Data', icon: 'calendar-alt' });
  registerBlockType<Attributes>(metadata as BlockConfiguration<Attributes> & { name: string }, { edit, save: () => null });
}
