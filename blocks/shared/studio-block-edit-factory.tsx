import type { BlockEditProps } from '@wordpress/blocks';
import type { ReactNode } from 'react';
import type { BlockPanelProps } from './block-attributes';
import { effectiveStudioId } from './editor-settings';
import { StudioBlockEdit } from './studio-block-edit';
import type { StudioSourceAttributes } from './studio-types';
import { combined, studioPath, useStudioResources } from './use-studio-resource';

interface StudioEditSpec<Attributes, Data extends unknown[]> {
  blockName: string;
  /** The studio resources the block's settings read (`profile`, `classes`, …); the preview waits for them. */
  resources: (attributes: Attributes) => string[];
  /** The block's own settings panels; `data` holds the resources, in order, once all are ready (else null). */
  panels: (props: BlockPanelProps<Attributes> & { data: Data | null }) => ReactNode;
}

/**
 * The editor of a block about one studio: it reads the resources the block names from the block's
 * studio (or the plugin's), and shows the block's panels in the frame every Studio Data block has.
 */
export function studioBlockEdit<Attributes extends StudioSourceAttributes & Record<string, unknown>, Data extends unknown[]>(
  spec: StudioEditSpec<Attributes, Data>,
) {
  return function Edit({ attributes, setAttributes }: BlockEditProps<Attributes>) {
    const studioId = effectiveStudioId(attributes.studioId);
    const resources = useStudioResources(spec.resources(attributes).map((resource) => studioPath(studioId, resource)));
    const ready = resources.every((resource) => resource.status === 'ready');
    const data = ready ? (resources.map((resource) => (resource.status === 'ready' ? resource.data : null)) as Data) : null;

    return (
      <StudioBlockEdit
        blockName={spec.blockName}
        attributes={attributes}
        setAttributes={setAttributes}
        resource={combined(resources)}
        subject={{ kind: 'studio', id: studioId }}
        panels={spec.panels({ attributes, setAttributes, data })}
      />
    );
  };
}
