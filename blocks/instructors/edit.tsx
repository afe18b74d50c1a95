import type { BlockEditProps } from '@wordpress/blocks';
import { PanelBody, RangeControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import { personChoices } from '../shared/choices';
import { effectiveStudioId } from '../shared/editor-settings';
import { PickedItemsPanel } from '../shared/picked-items-panel';
import { StudioBlockEdit } from '../shared/studio-block-edit';
import type { Person } from '../shared/studio-types';
import { studioPath, useStudioResource } from '../shared/use-studio-resource';
import type { InstructorsAttributes } from './types';

export default function Edit({ attributes, setAttributes }: BlockEditProps<InstructorsAttributes>) {
  const studioId = effectiveStudioId(attributes.studioId);
  const instructors = useStudioResource<Person[]>(studioPath(studioId, 'instructors'));

  return (
    <StudioBlockEdit
      blockName="studio-data/instructors"
      attributes={attributes}
      setAttributes={setAttributes}
      resource={instructors}
      subject={{ kind: 'studio', id: studioId }}
      panels={
        <>
          {instructors.status === 'ready' && (
            <PickedItemsPanel
              title={__('Instructors shown', 'studio-data')}
              label={__('Instructors', 'studio-data')}
              emptyMessage={__('This studio lists no instructors yet.', 'studio-data')}
              choices={personChoices(instructors.data)}
              selected={attributes.ids}
              onChange={(ids) => setAttributes({ ids })}
            />
          )}
          <PanelBody title={__('Display', 'studio-data')}>
            <RangeControl
              __nextHasNoMarginBottom
              __next40pxDefaultSize
              label={__('Columns', 'studio-data')}
              value={attributes.columns}
              min={1}
              max={4}
              onChange={(columns?: number) => setAttributes({ columns: columns ?? 3 })}
            />
          </PanelBody>
        </>
      }
    />
  );
}
