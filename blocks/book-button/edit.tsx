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

interface PreviewSettings {
  isPreviewMode?: boolean;
  __unstableIsPreviewMode?: boolean;
}

/**
 * Whether the block renders in a preview (the inserter's, a pattern's). WordPress 6.5–6.7 name the
 * setting `__unstableIsPreviewMode`; 6.8 renamed it `isPreviewMode` (always present from then on) and
 * deprecated the old name, which is therefore read only where the new one is missing.
 */
function isPreviewMode(settings: PreviewSettings | undefined): boolean {
  if (settings === undefined) return false;
  return Boolean('isPreviewMode' in settings ? settings.isPreviewMode : settings.__unstableIsPreviewMode);
}

export default function Edit(props: BlockEditProps<BookButtonAttributes>) {
  const isPreview = useSelect(
    (select) => isPreviewMode((select(blockEditorStore) as { getSettings?: () => PreviewSettings } | undefined)?.getSettings?.()),
    [],
  );
  return isPreview ? <SampleButton label={props.attributes.label} /> : <LiveEdit {...props} />;
}
