import type { BlockEditProps } from '@wordpress/blocks';
import { effectiveStudioId } from '../shared/editor-settings';
import { StudioBlockEdit } from '../shared/studio-block-edit';
import { studioPath, useStudioResource } from '../shared/use-studio-resource';
import { BookingTargetPanel } from './booking-target-panel';
import { targetChoices, targetResource } from './booking-targets';
import type { BookButtonAttributes } from './types';

export default function Edit({ attributes, setAttributes }: BlockEditProps<BookButtonAttributes>) {
  const studioId = effectiveStudioId(attributes.studioId);
  const items = useStudioResource<unknown[]>(studioPath(studioId, targetResource(attributes.kind)));

  return (
    <StudioBlockEdit
      blockName="studio-data/book-button"
      attributes={attributes}
      setAttributes={setAttributes}
      resource={items}
      subject={{ kind: 'studio', id: studioId }}
      panels={
        <BookingTargetPanel
          attributes={attributes}
          setAttributes={setAttributes}
          targets={items.status === 'ready' ? targetChoices(attributes.kind, items.data) : null}
        />
      }
    />
  );
}
