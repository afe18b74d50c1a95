import { Disabled, Notice, Spinner } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';
import type { ReactNode } from 'react';

interface Props {
  /** The block's name, e.g. `studio-data/class-schedule`. */
  blockName: string;
  attributes: Record<string, unknown>;
}

/** While a new preview loads: the last one, else a spinner. */
function Loading({ children }: { children?: ReactNode }) {
  if (children) return <>{children}</>;
  return (
    <p className="studio-data-editor-state" role="status">
      <Spinner /> {__('Loading the preview…', 'studio-data')}
    </p>
  );
}

function Failed() {
  return (
    <Notice status="error" isDismissible={false}>
      {__('The preview could not be loaded. The block still shows on the published page.', 'studio-data')}
    </Notice>
  );
}

/**
 * The block as visitors will see it: WordPress' server-side render of the block (its render callback
 * through the block renderer endpoint, asked again once typing pauses), so the editor shows the
 * real data with the same markup. POST: a schedule's lists make long attributes.
 */
export function LivePreview({ blockName, attributes }: Props) {
  // The HTML comes from the block's own render callback, which escapes every value it prints.
  return (
    <Disabled>
      <ServerSideRender
        block={blockName}
        attributes={attributes}
        httpMethod="POST"
        className="studio-data-preview"
        LoadingResponsePlaceholder={Loading}
        ErrorResponsePlaceholder={Failed}
        EmptyResponsePlaceholder={() => null}
      />
    </Disabled>
  );
}
