import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import type { ReactNode } from 'react';
import type { BlockPanelProps } from './block-attributes';
import { DataStateNotice } from './data-state-notice';
import { HeadingLevelPanel, type HeadingAttributes } from './heading-level-control';
import { LivePreview } from './live-preview';
import { StudioSourcePanel } from './studio-source-panel';
import type { StudioSourceAttributes } from './studio-types';
import type { Resource } from './use-studio-resource';

interface Props<Attributes extends Partial<StudioSourceAttributes>> extends BlockPanelProps<Attributes> {
  blockName: string;
  /** What the block's controls are read from; the preview waits for it. */
  resource: Resource<unknown>;
  subject: { kind: 'studio' | 'user'; id: string };
  /** The block's own settings panels, above the studio and language panel. */
  panels: ReactNode;
}

/**
 * The frame every Studio Data block has in the editor: its settings in the sidebar (with the heading
 * level for blocks that have headings, i.e. a `headingLevel` attribute), the live preview in the canvas.
 */
export function StudioBlockEdit<Attributes extends Partial<StudioSourceAttributes> & Record<string, unknown>>({
  blockName,
  attributes,
  setAttributes,
  resource,
  subject,
  panels,
}: Props<Attributes>) {
  return (
    <>
      <InspectorControls>
        {panels}
        {attributes.headingLevel !== undefined && (
          <HeadingLevelPanel
            value={(attributes as Partial<HeadingAttributes>).headingLevel ?? 2}
            onChange={(headingLevel) => (setAttributes as (changes: Partial<HeadingAttributes>) => void)({ headingLevel })}
          />
        )}
        <StudioSourcePanel attributes={attributes} setAttributes={setAttributes as (changes: Partial<StudioSourceAttributes>) => void} />
      </InspectorControls>
      <div {...useBlockProps()}>
        <DataStateNotice resource={resource} subject={subject}>
          <LivePreview blockName={blockName} attributes={attributes} />
        </DataStateNotice>
      </div>
    </>
  );
}
