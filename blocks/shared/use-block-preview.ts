import apiFetch from '@wordpress/api-fetch';
import * as blocks from '@wordpress/blocks';
import { useSelect } from '@wordpress/data';
import { useEffect, useRef, useState } from '@wordpress/element';
import { addQueryArgs } from '@wordpress/url';

// The stable name from @wordpress/blocks 15 on (which deprecates the other); WordPress 6.5 to 6.7 have only the experimental one.
const sanitizeBlockAttributes = blocks.sanitizeBlockAttributes ?? blocks.__experimentalSanitizeBlockAttributes;

export type BlockPreview =
  | { status: 'loading'; html: string | null }
  | { status: 'ready'; html: string }
  | { status: 'failed' };

/** After the first preview, a new one is asked for once the settings stop changing for this long. */
const SETTLE_MS = 500;

/**
 * The block's server-side render (its PHP render callback through WordPress' block renderer
 * endpoint), asked again whenever its attributes change.
 *
 * Written here rather than taken from `@wordpress/server-side-render` as WordPress 6.5 to 6.7 ship
 * it: that component debounces through a function it makes anew on each render and cancels with
 * the old one, so a re-render of its own in the half second after a change (an earlier preview
 * arriving, its spinner's timer) dropped the request, and the preview kept the old settings.
 * Here the request is keyed on the attributes' content, the way later releases of the package do
 * it: the effect runs only when they change, and a stale request is aborted, never applied.
 */
export function useBlockPreview(blockName: string, attributes: Record<string, unknown>): BlockPreview {
  const [preview, setPreview] = useState<BlockPreview>({ status: 'loading', html: null });
  const settled = useRef(false);
  const postId = useSelect((select) => {
    const id = (select('core/editor') as { getCurrentPostId?: () => unknown } | undefined)?.getCurrentPostId?.();
    return typeof id === 'number' ? id : undefined;
  }, []);
  // POST with the attributes in the body: a schedule's picked lists make long attributes. Only the
  // block type's attributes, defaults filled in: the endpoint refuses any other.
  const body = JSON.stringify({ attributes: sanitizeBlockAttributes(blockName, attributes) });

  useEffect(() => {
    const controller = new AbortController();
    const request = () => {
      setPreview((last) => ({ status: 'loading', html: last.status === 'failed' ? null : last.html }));
      apiFetch<{ rendered: string }>({
        path: addQueryArgs(`/wp/v2/block-renderer/${blockName}`, { context: 'edit', post_id: postId }),
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        signal: controller.signal,
      })
        .then((response) => {
          if (!controller.signal.aborted) setPreview({ status: 'ready', html: response?.rendered ?? '' });
        })
        .catch(() => {
          if (controller.signal.aborted) return; // a newer request replaced this one
          setPreview({ status: 'failed' });
        })
        .finally(() => {
          settled.current = true;
        });
    };
    const timer = setTimeout(request, settled.current ? SETTLE_MS : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [blockName, body, postId]);

  return preview;
}
