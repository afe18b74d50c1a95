import type { ReactNode } from 'react';

/** @wordpress/block-editor without an editor around it: the sidebar's panels render in place. */
export function InspectorControls({ children }: { children?: ReactNode }) {
  return <aside aria-label="Block settings">{children}</aside>;
}

export function useBlockProps(props: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...props, 'data-testid': 'block-canvas' };
}

/** The block editor's store name: nothing is registered under it here, so the blocks read no editor settings (not a preview). */
export const store = 'core/block-editor';
