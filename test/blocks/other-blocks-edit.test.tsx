/** @jest-environment jsdom */
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import BookButtonEdit from '../../blocks/book-button/edit';
import EventsEdit from '../../blocks/events/edit';
import InstructorsEdit from '../../blocks/instructors/edit';
import NextClassesEdit from '../../blocks/next-classes/edit';
import PackagesEdit from '../../blocks/packages/edit';
import PrivateLessonsEdit from '../../blocks/private-lessons/edit';
import StudioInfoEdit from '../../blocks/studio-info/edit';
import UserProfileEdit from '../../blocks/user-profile/edit';
import { answerRest, configureEditor, mockedApiFetch, newEditorPage, rendererAnswer } from './editor-test-support';

jest.mock('@wordpress/api-fetch', () => ({ __esModule: true, default: jest.fn() }));
jest.mock('@wordpress/block-editor', () => jest.requireActual('./block-editor-mock'));

const BLOCKS = path.join(__dirname, '../../blocks');
const lucia = { id: 'lucia-romero', name: 'Lucía', lastname: 'Romero' };
const marco = { id: 'marco-diaz', name: 'Marco', lastname: 'Díaz' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function renderEdit(Edit: ComponentType<any>, attributes: Record<string, unknown>) {
  const setAttributes = jest.fn();
  render(<Edit attributes={attributes} setAttributes={setAttributes} />, { wrapper: newEditorPage() });
  return setAttributes;
}

const canvas = () => within(screen.getByTestId('block-canvas'));

beforeEach(() => {
  mockedApiFetch.mockReset();
  configureEditor({});
});

test('When the owner ticks two instructors, then the block shows those, and the columns slider runs from 1 to 6 as block.json allows, at 3', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/instructors': { body: [lucia, marco] },
    '/wp/v2/block-renderer/studio-data/instructors': rendererAnswer((attributes) => `<p>${(attributes.ids as string[]).length} picked</p>`),
  });
  const setAttributes = renderEdit(InstructorsEdit, { studioId: '', locale: '', ids: ['marco-diaz'], columns: 3 });
  const user = userEvent.setup();

  expect(await canvas().findByText('1 picked')).toBeInTheDocument();
  await user.click(screen.getByLabelText('Lucía Romero'));
  expect(setAttributes).toHaveBeenLastCalledWith({ ids: ['marco-diaz', 'lucia-romero'] });
  const columns = screen.getByRole('slider', { name: 'Columns' });
  expect([columns.getAttribute('min'), columns.getAttribute('max'), (columns as HTMLInputElement).value]).toEqual(['1', '6', '3']);
});

test('When no instructor gives private lessons, then the setting says so instead of an empty list', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/private-lesson-instructors': { body: [] },
    '/wp/v2/block-renderer/studio-data/private-lessons': { body: { rendered: '<p>No private lessons</p>' } },
  });
  renderEdit(PrivateLessonsEdit, { studioId: '', locale: '', ids: [] });

  expect(await screen.findByText('No instructor of this studio offers private lessons yet.')).toBeInTheDocument();
  expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
});

test('When the block names another studio, then its packages are read from that studio', async () => {
  const requests = answerRest({
    '/studio-data/v1/studio/tango-norte/packages': { body: [{ id: 'p10', name: '10 classes' }] },
    '/wp/v2/block-renderer/studio-data/packages': { body: { rendered: '<table><caption>Packages</caption></table>' } },
  });
  renderEdit(PackagesEdit, { studioId: 'tango-norte', locale: '', ids: [] });

  expect(await screen.findByLabelText('10 classes')).toBeInTheDocument();
  expect(requests.map((request) => request.path)).toContain('/studio-data/v1/studio/tango-norte/packages');
});

test('When the owner unticks the phone, then the studio info keeps the other parts in display order', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/profile': { body: { id: 'salsa-city', name: 'Salsa City', timezone: 'Europe/Madrid', studioTypes: [] } },
    '/wp/v2/block-renderer/studio-data/studio-info': { body: { rendered: '<h2>Salsa City</h2>' } },
  });
  const setAttributes = renderEdit(StudioInfoEdit, { studioId: '', locale: '', parts: ['website', 'name', 'phone'] });
  const user = userEvent.setup();

  expect(await canvas().findByRole('heading', { name: 'Salsa City' })).toBeInTheDocument();
  await user.click(screen.getByLabelText('Phone'));
  expect(setAttributes).toHaveBeenLastCalledWith({ parts: ['name', 'website'] });
});

test('When the owner asks for more weeks of events, then the block keeps the number, on a slider from 1 to 26 (about six months) as block.json allows', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/profile': { body: { id: 'salsa-city', name: 'Salsa City', timezone: 'Europe/Madrid', studioTypes: [] } },
    '/wp/v2/block-renderer/studio-data/events': rendererAnswer((attributes) => `<p>${String(attributes.weeks)} weeks</p>`),
  });
  renderEdit(EventsEdit, { studioId: '', locale: '', weeks: 4, layout: 'list' });

  expect(await canvas().findByText('4 weeks')).toBeInTheDocument();
  const weeks = screen.getByRole('slider', { name: /^Weeks ahead/ });
  expect([weeks.getAttribute('min'), weeks.getAttribute('max'), (weeks as HTMLInputElement).value]).toEqual(['1', '26', '4']);
});

test('When the owner picks the month calendar for the events, then the block keeps that layout and the weeks slider goes (visitors page through the months)', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/profile': { body: { id: 'salsa-city', name: 'Salsa City', timezone: 'Europe/Madrid', studioTypes: [] } },
    '/wp/v2/block-renderer/studio-data/events': rendererAnswer((attributes) => `<p>layout ${String(attributes.layout)}</p>`),
  });
  const setAttributes = renderEdit(EventsEdit, { studioId: '', locale: '', weeks: 2, layout: 'list' });
  const user = userEvent.setup();
  expect(await canvas().findByText('layout list')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Layout'), 'calendar');
  expect(setAttributes).toHaveBeenLastCalledWith({ layout: 'calendar' });
  cleanup();
  renderEdit(EventsEdit, { studioId: '', locale: '', weeks: 2, layout: 'calendar' });
  expect(await canvas().findByText('layout calendar')).toBeInTheDocument();
  expect(screen.queryByRole('slider', { name: /^Weeks ahead/ })).not.toBeInTheDocument();
});

test('When the owner sets up the next classes, then the number runs from 1 to 20 (5 at first) as block.json allows, and the dance types come from the studio', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/profile': {
      body: { id: 'salsa-city', name: 'Salsa City', timezone: 'Europe/Madrid', studioTypes: [{ name: 'Salsa', isVisibleOnWeb: true }, { name: 'Zouk', isVisibleOnWeb: true }] },
    },
    '/wp/v2/block-renderer/studio-data/next-classes': rendererAnswer((attributes) => `<p>next ${String(attributes.count)}</p>`),
  });
  const setAttributes = renderEdit(NextClassesEdit, { studioId: '', locale: '', count: 5, danceTypes: [] });
  const user = userEvent.setup();
  expect(await canvas().findByText('next 5')).toBeInTheDocument();
  const count = screen.getByRole('slider', { name: 'Number of classes' });
  expect([count.getAttribute('min'), count.getAttribute('max'), (count as HTMLInputElement).value]).toEqual(['1', '20', '5']);
  await user.click(screen.getByLabelText('Zouk'));
  expect(setAttributes).toHaveBeenLastCalledWith({ danceTypes: ['Zouk'] });
});

test('When the owner picks H4 for the events’ headings, then the block keeps level 4; the book button, with no headings, offers no level', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/profile': { body: { id: 'salsa-city', name: 'Salsa City', timezone: 'Europe/Madrid', studioTypes: [] } },
    '/studio-data/v1/studio/salsa-city/classes': { body: [] },
    '/wp/v2/block-renderer/studio-data/events': rendererAnswer((attributes) => `<h${String(attributes.headingLevel)}>Friday Social</h${String(attributes.headingLevel)}>`),
    '/wp/v2/block-renderer/studio-data/book-button': { body: { rendered: '<a href="#">Book</a>' } },
  });
  const setAttributes = renderEdit(EventsEdit, { studioId: '', locale: '', headingLevel: 2, weeks: 2, layout: 'list' });
  const user = userEvent.setup();

  expect(await canvas().findByRole('heading', { level: 2, name: 'Friday Social' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Headings' }));
  const level = screen.getByLabelText('Heading level');
  expect(within(level).getAllByRole('option').map((option) => option.textContent)).toEqual(['H2', 'H3', 'H4', 'H5']);
  await user.selectOptions(level, 'H4');
  expect(setAttributes).toHaveBeenLastCalledWith({ headingLevel: 4 });

  renderEdit(BookButtonEdit, { studioId: '', locale: '', kind: 'class', target: '', label: '' });
  expect(screen.getAllByRole('button', { name: 'Headings' })).toHaveLength(1);
});

test('When the owner inserts any block with headings, then they start at H2 (right under the page title), and the book button has no level', () => {
  const levels = Object.fromEntries(
    fs.readdirSync(BLOCKS).flatMap((name) => {
      const file = path.join(BLOCKS, name, 'block.json');
      return fs.existsSync(file) ? [[name, JSON.parse(fs.readFileSync(file, 'utf8')).attributes.headingLevel?.default ?? null]] : [];
    }),
  );
  expect(levels).toEqual({ 'book-button': null, 'class-schedule': 2, events: 2, instructors: 2, 'next-classes': 2, packages: 2, 'private-lessons': 2, 'studio-info': 2, 'user-profile': 2 });
});

test('When the book button is for an event, then the owner picks among the studio’s events, and changing the kind forgets the target', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/events': { body: [{ id: 'e1', name: 'Friday Social', date: '2026-11-27', startTime: '22:00', host: lucia }] },
    '/studio-data/v1/studio/salsa-city/profile': { body: { id: 'salsa-city', name: 'Salsa City', timezone: 'Europe/Madrid', studioTypes: [] } },
    '/wp/v2/block-renderer/studio-data/book-button': { body: { rendered: '<a href="#">Book</a>' } },
  });
  const setAttributes = renderEdit(BookButtonEdit, { studioId: '', locale: '', kind: 'event', target: '', label: '' });
  const user = userEvent.setup();

  await user.selectOptions(await screen.findByLabelText('Booked'), 'Friday Social · 2026-11-27 22:00');
  expect(setAttributes).toHaveBeenLastCalledWith({ target: 'e1' });
  await user.selectOptions(screen.getByLabelText('Kind'), 'private-lesson');
  expect(setAttributes).toHaveBeenLastCalledWith({ kind: 'private-lesson', target: '' });
});

test('When a class is booked, then the choices name each class by weekday, time and instructor', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/classes': {
      body: [{ id: 'c1', name: 'Salsa Beginner', dayOfWeek: 'monday', startTime: '19:00', date: '2026-11-23T18:00:00.000Z', level: 'Beginner', danceType: 'Salsa', instructor: lucia }],
    },
    '/wp/v2/block-renderer/studio-data/book-button': { body: { rendered: '<a href="#">Book</a>' } },
  });
  renderEdit(BookButtonEdit, { studioId: '', locale: '', kind: 'class', target: 'c1', label: 'Try it' });

  expect(await screen.findByRole('option', { name: 'Salsa Beginner · Monday 19:00 · Lucía Romero' })).toBeInTheDocument();
  expect(screen.getByLabelText('Booked')).toHaveValue('c1');
});

const salsaMonday = (date: string, id = `salsa-mon-${date.slice(0, 10).replaceAll('-', '')}`) => ({
  id,
  seriesId: 'salsa-mon',
  name: 'Salsa Beginner',
  dayOfWeek: 'monday',
  startTime: '19:00',
  date,
  level: 'Beginner',
  danceType: 'Salsa',
  instructor: lucia,
});

const mondaySocial = (date: string) => ({ id: `social-mon-${date.replaceAll('-', '')}`, seriesId: 'social-mon', name: 'Monday Social', dayOfWeek: 'monday', date, startTime: '12:30', host: lucia });

test('When a new Book button books a weekly class or event, then each is offered once by weekday and time, including one whose session this week is over, and the series is saved', async () => {
  const bachataEarlier = { ...salsaMonday('2026-11-16T08:00:00.000Z', 'bachata-mon-20261116'), seriesId: 'bachata-mon', name: 'Morning Bachata', startTime: '09:00', instructor: null };
  const gala = { id: 'gala-20261120', seriesId: 'gala-20261120', name: 'Winter Gala', dayOfWeek: 'friday', date: '2026-11-20', startTime: '21:00', host: null };
  answerRest({
    // This week (from today, 13:00 in Madrid): Monday's bachata and social were this morning; next
    // week's listings (6 days on) have them again. The gala happens once: the "An event" kind books it.
    '/studio-data/v1/studio/salsa-city/classes': { body: [bachataEarlier, salsaMonday('2026-11-16T18:00:00.000Z')] },
    '/studio-data/v1/studio/salsa-city/classes?from=2026-11-22': {
      body: [{ ...bachataEarlier, id: 'bachata-mon-20261123', date: '2026-11-23T08:00:00.000Z' }, salsaMonday('2026-11-23T18:00:00.000Z')],
    },
    '/studio-data/v1/studio/salsa-city/events': { body: [mondaySocial('2026-11-16'), gala] },
    '/studio-data/v1/studio/salsa-city/events?from=2026-11-22': { body: [mondaySocial('2026-11-23')] },
    '/studio-data/v1/studio/salsa-city/profile': { body: { id: 'salsa-city', name: 'Salsa City', timezone: 'Europe/Madrid', studioTypes: [] } },
    '/wp/v2/block-renderer/studio-data/book-button': { body: { rendered: '<a href="#">Book</a>' } },
  });
  const setAttributes = renderEdit(BookButtonEdit, { studioId: '', locale: '', kind: 'series', target: '', label: '' });
  const user = userEvent.setup();

  const booked = await screen.findByLabelText('Booked');
  expect(within(booked).getAllByRole('option').map((option) => option.textContent)).toEqual([
    'Choose…',
    'Salsa Beginner · every Monday at 19:00 · Lucía Romero',
    'Morning Bachata · every Monday at 09:00',
    'Monday Social · every Monday at 12:30 · Lucía Romero',
  ]);
  await user.selectOptions(booked, 'Monday Social · every Monday at 12:30 · Lucía Romero');
  expect(setAttributes).toHaveBeenLastCalledWith({ target: 'social-mon' });
  await user.selectOptions(booked, 'Salsa Beginner · every Monday at 19:00 · Lucía Romero');
  expect(setAttributes).toHaveBeenLastCalledWith({ target: 'salsa-mon' });
  expect(screen.getByText(/always books the next session/)).toBeInTheDocument();
});

test('When a dated class is picked, then the choices leave out the classes that have already started', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/classes': { body: [salsaMonday('2026-11-16T08:00:00.000Z', 'over'), salsaMonday('2026-11-16T18:00:00.000Z', 'tonight')] },
    '/wp/v2/block-renderer/studio-data/book-button': { body: { rendered: '<a href="#">Book</a>' } },
  });
  renderEdit(BookButtonEdit, { studioId: '', locale: '', kind: 'class', target: '', label: '' });
  expect(within(await screen.findByLabelText('Booked')).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', 'tonight']);
});

test('When an event is picked, then the choices leave out the events that have already started in the studio’s time zone', async () => {
  answerRest({
    '/studio-data/v1/studio/salsa-city/events': {
      body: [
        { id: 'lunch', name: 'Lunch Social', date: '2026-11-16', startTime: '12:30', host: null },
        { id: 'evening', name: 'Evening Social', date: '2026-11-16', startTime: '21:00', host: null },
      ],
    },
    '/studio-data/v1/studio/salsa-city/profile': { body: { id: 'salsa-city', name: 'Salsa City', timezone: 'Europe/Madrid', studioTypes: [] } },
    '/wp/v2/block-renderer/studio-data/book-button': { body: { rendered: '<a href="#">Book</a>' } },
  });
  renderEdit(BookButtonEdit, { studioId: '', locale: '', kind: 'event', target: '', label: '' });
  // 13:00 in Madrid (12:00 UTC): the 12:30 social has started, the 21:00 one has not.
  expect(within(await screen.findByLabelText('Booked')).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['', 'evening']);
});

test('When no user is named yet, then the profile card asks for one and asks the API nothing', async () => {
  answerRest({});
  renderEdit(UserProfileEdit, { userId: '', locale: '' });

  expect(await canvas().findByText(/Enter the ID of the user/)).toBeInTheDocument();
  expect(screen.queryByLabelText('Studio ID')).not.toBeInTheDocument();
  expect(mockedApiFetch).not.toHaveBeenCalled();
});

test('When the user has no public profile, then the card says so', async () => {
  answerRest({ '/studio-data/v1/user/ghost/profile': { error: { code: 'studio_data_user_not_found', message: 'No profile', data: { status: 404 } } } });
  renderEdit(UserProfileEdit, { userId: 'ghost', locale: '' });

  expect(await canvas().findByText(/no public profile for the user “ghost”/)).toBeInTheDocument();
});

test('When the owner types a button text, then the preview is asked for once typing pauses, not at every key', async () => {
  const requests = answerRest({
    '/studio-data/v1/studio/salsa-city/classes': { body: [] },
    '/wp/v2/block-renderer/studio-data/book-button': rendererAnswer((attributes) => `<a href="#">${String(attributes.label)}</a>`),
  });
  const attributes = { studioId: '', locale: '', kind: 'class', target: 'c1', label: '' };
  const { rerender } = render(<BookButtonEdit attributes={attributes} setAttributes={jest.fn()} />, { wrapper: newEditorPage() });
  for (const label of ['T', 'Tr', 'Try', 'Try it']) rerender(<BookButtonEdit attributes={{ ...attributes, label }} setAttributes={jest.fn()} />);

  expect(await canvas().findByText('Try it')).toBeInTheDocument();
  const previews = requests.filter((request) => request.path.startsWith('/wp/v2/block-renderer/'));
  expect(previews.map((request) => (request.data as { attributes: { label: string } }).attributes.label)).toEqual(['Try it']);
});
