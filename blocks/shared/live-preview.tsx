import { Disabled, Notice, Spinner } from '@wordpress/components';
import { RawHTML } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { useBlockPreview } from './use-block-preview';

interface Props {
  /** The block's name, e.g. `studio-data/class-schedule`. */
  blockName: string;
  attributes: Record<string, unknown>;
}

/**
 * The block as visitors will see it: its server-side render (see useBlockPreview), so the editor
 * shows the real data with the same markup. While a new preview loads, the last one stays.
 */
export function LivePreview({ blockName, attributes }: Props) {
  const preview = useBlockPreview(blockName, attributes);
  if (preview.status === 'failed') {
    return (
      <Notice status="error" isDismissible={false}>
        {__('The preview could not be loaded. The block still shows on the published page.', 'studio-data')}
      </Notice>
    );
  }
  if (preview.html === null) {
    return (
      <p className="studio-data-editor-state" role="status">
        <Spinner /> {__('Loading the preview…', 'studio-data')}
      </p>
    );
  }
  // The HTML comes from the block's own render callback, which escapes every value it prints.
  return (
    <Disabled>
      <RawHTML className="studio-data-preview" aria-busy={preview.status === 'loading'}>
        {preview.html}
      </RawHTML>
    </Disabled>
  );
}
