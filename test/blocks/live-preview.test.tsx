/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { LivePreview } from '../../blocks/shared/live-preview';
import { answerRest, configureEditor, mockedApiFetch, newEditorPage, rendererAnswer, type RestAnswer } from './editor-test-support';

jest.mock('@wordpress/api-fetch', () => ({ __esModule: true, default: jest.fn() }));

const SCHEDULE = 'studio-data/class-schedule';
const listLayout = { layout: 'list' };
const gridLayout = { layout: 'grid' };

/** The block's editor as WordPress renders it: `tick` stands for anything else that renders it again. */
function Edit({ attributes }: { attributes: Record<string, unknown>; tick?: number }) {
  return <LivePreview blockName={SCHEDULE} attributes={attributes} />;
}

beforeEach(() => {
  mockedApiFetch.mockReset();
  configureEditor({});
});

test('When the owner changes a setting and the block is rendered again at once for another reason, then the preview still shows the change', async () => {
  answerRest({ [`/wp/v2/block-renderer/${SCHEDULE}`]: rendererAnswer((attributes) => `<p>layout ${String(attributes.layout)}</p>`) });
  const wrapper = newEditorPage();
  const { rerender } = render(<Edit attributes={listLayout} />, { wrapper });
  expect(await screen.findByText('layout list')).toBeInTheDocument();

  rerender(<Edit attributes={gridLayout} />);
  for (let tick = 1; tick <= 3; tick += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    rerender(<Edit attributes={gridLayout} tick={tick} />);
  }

  expect(await screen.findByText('layout grid', {}, { timeout: 3_000 })).toBeInTheDocument();
  expect(screen.queryByText('layout list')).not.toBeInTheDocument();
});

test('When an earlier preview arrives after the owner’s change, then the preview shows the change, not the earlier settings', async () => {
  let answerFirst: (answer: RestAnswer) => void = () => undefined;
  const first = new Promise<RestAnswer>((resolve) => (answerFirst = resolve));
  mockedApiFetch.mockImplementation((options: { body: string; signal?: AbortSignal }) => {
    const { layout } = JSON.parse(options.body).attributes;
    if (layout === 'list') {
      return first.then(() => {
        if (options.signal?.aborted) throw Object.assign(new Error('aborted'), { name: 'AbortError' });
        return { rendered: '<p>layout list</p>' };
      });
    }
    return Promise.resolve({ rendered: `<p>layout ${String(layout)}</p>` });
  });
  const { rerender } = render(<Edit attributes={listLayout} />, { wrapper: newEditorPage() });
  rerender(<Edit attributes={gridLayout} />);
  answerFirst({});

  expect(await screen.findByText('layout grid', {}, { timeout: 3_000 })).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText('layout list')).not.toBeInTheDocument();
});

test('When the block has settings WordPress does not know, then the preview asks with the block’s own attributes only, defaults filled in', async () => {
  const requests = answerRest({ [`/wp/v2/block-renderer/${SCHEDULE}`]: { body: { rendered: '<p>schedule</p>' } } });
  render(<Edit attributes={{ layout: 'grid', retiredSetting: true }} />, { wrapper: newEditorPage() });
  expect(await screen.findByText('schedule')).toBeInTheDocument();

  const sent = (requests[0]?.data as { attributes: Record<string, unknown> }).attributes;
  expect(sent.layout).toBe('grid');
  expect(sent).not.toHaveProperty('retiredSetting');
  expect(sent).toHaveProperty('showFilters', true);
  expect(requests[0]?.method).toBe('POST');
});

test('When the preview cannot be rendered, then the editor says so and that the published page still shows the block', async () => {
  answerRest({ [`/wp/v2/block-renderer/${SCHEDULE}`]: { error: { code: 'rest_invalid_param', message: 'Invalid parameter(s): attributes', data: { status: 400 } } } });
  render(<Edit attributes={listLayout} />, { wrapper: newEditorPage() });
  expect(await screen.findByText('The preview could not be loaded. The block still shows on the published page.', { selector: '.components-notice__content' })).toBeVisible();
});
