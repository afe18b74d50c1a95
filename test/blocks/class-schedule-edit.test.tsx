/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Edit from '../../blocks/class-schedule/edit';
import type { ScheduleAttributes } from '../../blocks/class-schedule/types';
import { apiDown, answerRest, configureEditor, mockedApiFetch, newEditorPage, rendererAnswer, studioNotFound } from './editor-test-support';

jest.mock('@wordpress/api-fetch', () => ({ __esModule: true, default: jest.fn() }));
jest.mock('@wordpress/block-editor', () => jest.requireActual('./block-editor-mock'));

const profile = {
  id: 'salsa-city',
  name: 'Salsa City',
  timezone: 'Europe/Madrid',
  studioTypes: [
    { name: 'Salsa', isVisibleOnWeb: true },
    { name: 'Bachata', isVisibleOnWeb: true },
    { name: 'Staff Training', isVisibleOnWeb: false },
  ],
};
const instructors = [
  { id: 'lucia-romero', name: 'Lucía', lastname: 'Romero' },
  { id: 'marco-diaz', name: 'Marco', lastname: 'Díaz' },
];
const classOn = (id: string, level: string) => ({
  id,
  name: `Salsa ${level}`,
  dayOfWeek: 'monday',
  startTime: '19:00',
  date: '2026-11-23T18:00:00.000Z',
  level,
  danceType: 'Salsa',
  instructor: instructors[0],
});

const defaults: ScheduleAttributes = {
  studioId: '',
  locale: '',
  danceTypes: [],
  levels: [],
  instructors: [],
  days: [],
  layout: 'list',
  showPastClasses: false,
  showFilters: true,
  danceTypeColors: [],
  palette: ['#1d4ed8', '#b91c1c', '#047857'],
};

function studioAnswers() {
  return answerRest({
    '/studio-data/v1/studio/salsa-city/profile': { body: profile },
    '/studio-data/v1/studio/salsa-city/instructors': { body: instructors },
    '/studio-data/v1/studio/salsa-city/classes': { body: [classOn('c1', 'Beginner'), classOn('c2', 'Improver'), classOn('c3', 'Beginner')] },
    '/wp/v2/block-renderer/studio-data/class-schedule': rendererAnswer(
      (attributes) => `<section aria-label="Class schedule"><p>Salsa Beginner</p><p>layout ${String(attributes.layout)}</p></section>`,
    ),
  });
}

function renderEdit(attributes: Partial<ScheduleAttributes> = {}, setAttributes = jest.fn()) {
  render(<Edit attributes={{ ...defaults, ...attributes }} setAttributes={setAttributes} clientId="a" isSelected name="studio-data/class-schedule" context={{}} className="" insertBlocksAfter={jest.fn()} mergeBlocks={jest.fn()} onRemove={jest.fn()} onReplace={jest.fn()} toggleSelection={jest.fn()} />, { wrapper: newEditorPage() });
  return setAttributes;
}

beforeEach(() => {
  mockedApiFetch.mockReset();
  configureEditor({});
});

test('When the studio answers, then the canvas shows the schedule rendered by the server for these settings', async () => {
  const requests = studioAnswers();
  renderEdit({ layout: 'grid' });

  expect(screen.getByRole('status')).toHaveTextContent('Loading the studio’s data');
  const schedule = await screen.findByRole('region', { name: 'Class schedule' });
  expect(schedule).toHaveTextContent('layout grid');
  const preview = requests.find((request) => request.path.startsWith('/wp/v2/block-renderer/studio-data/class-schedule'));
  expect(preview).toMatchObject({ method: 'POST', data: { attributes: { layout: 'grid' } } });
});

test('When the studio answers, then the settings offer its visible dance types, the week’s levels once each, its instructors and the days', async () => {
  studioAnswers();
  renderEdit();

  const danceTypes = await screen.findByRole('group', { name: 'Dance types' });
  expect(within(danceTypes).getAllByRole('checkbox')).toHaveLength(2);
  expect(within(danceTypes).getByLabelText('Bachata')).toBeInTheDocument();
  expect(within(danceTypes).queryByLabelText('Staff Training')).not.toBeInTheDocument();
  const levels = screen.getByRole('group', { name: 'Levels' });
  expect(within(levels).getAllByRole('checkbox')).toHaveLength(2);
  expect(within(levels).getByLabelText('Improver')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Instructors' })).getByLabelText('Lucía Romero')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Days' })).getAllByRole('checkbox')).toHaveLength(7);
});

test('When the owner ticks a dance type and a day, then the block keeps exactly those', async () => {
  studioAnswers();
  const setAttributes = renderEdit({ danceTypes: ['Salsa'] });
  const user = userEvent.setup();

  await user.click(await screen.findByLabelText('Bachata'));
  expect(setAttributes).toHaveBeenLastCalledWith({ danceTypes: ['Salsa', 'Bachata'] });
  await user.click(screen.getByLabelText('Salsa'));
  expect(setAttributes).toHaveBeenLastCalledWith({ danceTypes: [] });
  await user.click(screen.getByLabelText('Friday'));
  expect(setAttributes).toHaveBeenLastCalledWith({ days: ['friday'] });
});

test('When the owner picks the timetable, then the layout changes', async () => {
  studioAnswers();
  const setAttributes = renderEdit();
  const user = userEvent.setup();

  const layout = await screen.findByLabelText('Layout');
  expect(within(layout).getByRole('option', { name: 'Timetable (days across, times down)' })).toHaveValue('grid');
  await user.selectOptions(layout, 'grid');
  expect(setAttributes).toHaveBeenLastCalledWith({ layout: 'grid' });
});

test('When the owner picks a colour for a dance type, then the block keeps "Type:#colour" beside the others, and another type keeps the palette’s colour at its place', async () => {
  studioAnswers();
  const setAttributes = renderEdit({ danceTypeColors: ['Bachata:#047857'] });
  const user = userEvent.setup();

  await user.click(await screen.findByRole('button', { name: 'Dance type colours' }));
  // Salsa, first of the studio's types, has the palette's first colour; Bachata the colour picked for it.
  const salsa = screen.getByRole('group', { name: 'Salsa' });
  expect(within(salsa).getByRole('option', { name: /Colour 1/, selected: true })).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: 'Bachata' })).getByRole('option', { name: /Colour 3/, selected: true })).toBeInTheDocument();
  await user.click(within(salsa).getByRole('option', { name: /Colour 2/ }));
  expect(setAttributes).toHaveBeenLastCalledWith({ danceTypeColors: ['Bachata:#047857', 'Salsa:#b91c1c'] });
});

test('When a picked colour is too light to read on white, then the sidebar warns the owner', async () => {
  studioAnswers();
  renderEdit({ danceTypeColors: ['Salsa:#ffd966'] });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Dance type colours' }));
  const warnings = screen.getAllByText(/This colour is light/).filter((text) => text.closest('.components-notice'));
  expect(warnings.map((warning) => warning.closest('fieldset')?.querySelector('legend')?.textContent)).toEqual(['Salsa']);
});

test('When the plugin has no API address yet, then the block says so, links to the settings, and asks the API nothing', async () => {
  configureEditor({ configured: false });
  answerRest({});
  renderEdit();

  expect(await within(screen.getByTestId('block-canvas')).findByText(/Studio Data is not set up yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the Studio Data settings' })).toHaveAttribute('href', '/wp-admin/options-general.php?page=studio-data');
  expect(mockedApiFetch).not.toHaveBeenCalled();
});

test('When the block names a studio the API does not know, then the block names that studio as not found', async () => {
  answerRest({
    '/studio-data/v1/studio/no-such-studio/profile': studioNotFound,
    '/studio-data/v1/studio/no-such-studio/instructors': studioNotFound,
    '/studio-data/v1/studio/no-such-studio/classes': studioNotFound,
  });
  renderEdit({ studioId: 'no-such-studio' });

  expect(await within(screen.getByTestId('block-canvas')).findByText(/Studio Data has no studio “no-such-studio”/)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Class schedule' })).not.toBeInTheDocument();
});

test('When the API is down, then the block says it cannot be reached, with the plugin’s reason', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/profile': apiDown,
    '/studio-data/v1/studio/salsa-city/instructors': apiDown,
    '/studio-data/v1/studio/salsa-city/classes': apiDown,
  });
  renderEdit();

  const canvas = screen.getByTestId('block-canvas');
  expect(await within(canvas).findByText(/cannot be reached right now/)).toBeInTheDocument();
  expect(within(canvas).getByText('The Studio Data API did not answer.')).toBeInTheDocument();
});

test('When the studio has no classes this week, then the levels setting says there is nothing to pick', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/profile': { body: profile },
    '/studio-data/v1/studio/salsa-city/instructors': { body: instructors },
    '/studio-data/v1/studio/salsa-city/classes': { body: [] },
    '/wp/v2/block-renderer/studio-data/class-schedule': { body: { rendered: '<p>No classes in this week.</p>' } },
  });
  renderEdit();

  expect(await screen.findByText('No classes this week, so no levels to pick from.')).toBeInTheDocument();
  expect(await screen.findByText('No classes in this week.')).toBeInTheDocument();
});
