/**
 * @wordpress/block-editor ships no type declarations: these are the parts the blocks use.
 */
declare module '@wordpress/block-editor' {
  import type { ComponentType, ReactNode } from 'react';

  export function useBlockProps(props?: Record<string, unknown>): Record<string, unknown>;
  export const InspectorControls: ComponentType<{ children?: ReactNode; group?: string }>;
}
