/**
 * @wordpress/block-editor ships no type declarations: these are the parts the blocks use.
 */
declare module '@wordpress/block-editor' {
  import type { ComponentType, ReactNode } from 'react';

  export function useBlockProps(props?: Record<string, unknown>): Record<string, unknown>;
  export const InspectorControls: ComponentType<{ children?: ReactNode; group?: string }>;
  /** The block editor's data store (its settings tell whether a block renders in a preview, `isPreviewMode`). */
  export const store: string;
}
