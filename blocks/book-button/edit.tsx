import { store as blockEditorStore, useBlockProps } from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import { useSelect } from '@wordpress/data';
import { __ } from '@wordpress/i18n';
import { editorSettings } from '../shared/editor-settings';
import { studioBlockEdit } from '../shared/studio-block-edit-factory';
import { BookingTargetPanel } from './booking-target-panel';
import { targetChoices, targetResources } from './booking-targets';
import type { BookButtonAttributes } from './types';

const LiveEdit = studioBlockEdit<BookButtonAttributes, unknown[]>({
  blockName: 'studio-data/book-button',
  resources: (attributes) => targetResources(attributes.kind, editorSettings().now),
  panels: ({ attributes, setAttributes, data }) => (
    <BookingTargetPanel
      attributes={attributes}
      setAttributes={setAttributes}
      targets={data === null ? null : targetChoices(attributes.kind, data, editorSettings().now)}
    />
  ),
});

/**
 * The inserter's preview (block.json's `example`): the button as visitors see it. A button books
 * something the owner picks, so the live preview of an example, which has picked nothing, would
 * only ask them to pick.
 */
function SampleButton({ label }: { label: string }) {
  return (
    <div {...useBlockProps()}>
      <p className="studio-data studio-data-book-button">
        <span className="studio-data-button">{label || __('Book now', 'studio-data')}</span>
      </p>
    </div>
  );
}

export default function Edit(props: BlockEditProps<BookButtonAttributes>) {
  const isPreview = useSelect(
    (select) => Boolean((select(blockEditorStore) as { getSettings?: () => { isPreviewMode?: boolean } } | undefined)?.getSettings?.().isPreviewMode),
    [],
  );
  return isPreview ? <SampleButton label={props.attributes.label} /> : <LiveEdit {...props} />;
}
