import apiFetch from '@wordpress/api-fetch';
import { Disabled, Notice, Spinner } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { addQueryArgs } from '@wordpress/url';

const PREVIEW_PAUSE_MS = 250;

type Preview = { status: 'loading' } | { status: 'ready'; html: string } | { status: 'error' };

interface Props {
  /** The block's name, e.g. `studio-data/class-schedule`. */
  blockName: string;
  attributes: Record<string, unknown>;
}

/**
 * The block as visitors will see it: the HTML its render.php gives for these attributes, through
 * WordPress' block renderer endpoint, so the editor shows the real data with the same markup.
 */
export function LivePreview({ blockName, attributes }: Props) {
  const [preview, setPreview] = useState<Preview>({ status: 'loading' });
  const attributesKey = JSON.stringify(attributes);

  useEffect(() => {
    let current = true;
    // Typing in a setting changes the attributes at every key: ask the server once typing pauses.
    const pause = window.setTimeout(() => {
      apiFetch<{ rendered: string }>({
        path: addQueryArgs(`/wp/v2/block-renderer/${blockName}`, { context: 'edit' }),
        method: 'POST',
        data: { attributes: JSON.parse(attributesKey) },
      }).then(
        ({ rendered }) => current && setPreview({ status: 'ready', html: rendered }),
        () => current && setPreview({ status: 'error' }),
      );
    }, PREVIEW_PAUSE_MS);
    return () => {
      current = false;
      window.clearTimeout(pause);
    };
  }, [blockName, attributesKey]);

  if (preview.status === 'loading') {
    return (
      <p className="studio-data-editor-state" role="status">
        <Spinner /> {__('Loading the preview…', 'studio-data')}
      </p>
    );
  }
  if (preview.status === 'error') {
    return (
      <Notice status="error" isDismissible={false}>
        {__('The preview could not be loaded. The block still shows on the published page.', 'studio-data')}
      </Notice>
    );
  }
  // The HTML comes from the block's own render.php, which escapes every value it prints.
  return (
    <Disabled>
      <div className="studio-data-preview" dangerouslySetInnerHTML={{ __html: preview.html }} />
    </Disabled>
  );
}
