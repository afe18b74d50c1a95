/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import EventsEdit from '../../blocks/events/edit';
import StudioInfoEdit from '../../blocks/studio-info/edit';
import { answerRest, configureEditor, mockedApiFetch, newEditorPage } from './editor-test-support';

jest.mock('@wordpress/api-fetch', () => ({ __esModule: true, default: jest.fn() }));
jest.mock('@wordpress/block-editor', () => jest.requireActual('./block-editor-mock'));

const profile = { id: 'salsa-city', name: 'Salsa City', timezone: 'Europe/Madrid', studioTypes: [] };
const eventsBlock = { studioId: '', locale: '', headingLevel: 2, weeks: 2, layout: 'list' as const };
const studioInfoBlock = { studioId: '', locale: '', headingLevel: 2, parts: ['name' as const] };

function studioAnswers() {
  return answerRest({
    '/studio-data/v1/studio/salsa-city/profile': { body: profile },
    '/studio-data/v1/studio/tango-norte/profile': { body: { ...profile, id: 'tango-norte', name: 'Tango Norte' } },
    '/wp/v2/block-renderer/studio-data/events': { body: { rendered: '<p>Events preview</p>' } },
    '/wp/v2/block-renderer/studio-data/studio-info': { body: { rendered: '<p>Studio preview</p>' } },
  });
}

const profileRequests = (requests: Array<{ path: string }>, studio: string) => requests.filter((request) => request.path === `/studio-data/v1/studio/${studio}/profile`);

beforeEach(() => {
  mockedApiFetch.mockReset();
  configureEditor({});
});

test('When two blocks on one page need the studio’s profile, then the editor asks the site for it once and both show their preview', async () => {
  const requests = studioAnswers();
  render(
    <>
      <EventsEdit attributes={eventsBlock} setAttributes={jest.fn()} />
      <StudioInfoEdit attributes={studioInfoBlock} setAttributes={jest.fn()} />
    </>,
    { wrapper: newEditorPage() },
  );

  expect(await screen.findByText('Events preview')).toBeInTheDocument();
  expect(await screen.findByText('Studio preview')).toBeInTheDocument();
  expect(profileRequests(requests, 'salsa-city')).toHaveLength(1);
});

test('When a block is added after the profile arrived, then it is shown from the same answer, and only a block of another studio asks for that studio', async () => {
  const requests = studioAnswers();
  const { rerender } = render(<EventsEdit attributes={eventsBlock} setAttributes={jest.fn()} />, { wrapper: newEditorPage() });
  expect(await screen.findByText('Events preview')).toBeInTheDocument();

  rerender(
    <>
      <EventsEdit attributes={eventsBlock} setAttributes={jest.fn()} />
      <StudioInfoEdit attributes={studioInfoBlock} setAttributes={jest.fn()} />
      <StudioInfoEdit attributes={{ ...studioInfoBlock, studioId: 'tango-norte' }} setAttributes={jest.fn()} />
    </>,
  );
  await waitFor(() => expect(screen.getAllByText('Studio preview')).toHaveLength(2));
  expect(profileRequests(requests, 'salsa-city')).toHaveLength(1);
  expect(profileRequests(requests, 'tango-norte')).toHaveLength(1);
});
