/** @vitest-environment jsdom */
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createStudioDataClient } from '@studio-data/client';
import { StudioDataProvider, useClass, useClasses, useEvents, usePrivateLessonSlots } from '@studio-data/client/react';
import { App } from '../../examples/react/WeeklyClasses.js';
import { recordingFetch } from '../support/recording-fetch.js';
import { DEMO_STUDIO, DEMO_WEEK_CLASSES, FIXTURE_STUDIO } from '../support/studio-server.js';

const apiUrl = inject('apiUrl');
// The answers come from a real server over HTTP: give them more than the default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

async function demoClasses(danceType?: string) {
  return createStudioDataClient({ baseUrl: apiUrl, studio: DEMO_STUDIO, cache: false }).classes({ danceType });
}

describe('React: the example app lists the demo studio’s classes from the real server', () => {
  it('When the app opens, then it says it is loading, then lists this week’s classes with their booking links', async () => {
    render(<App baseUrl={apiUrl} />);
    expect(screen.getByRole('status').textContent).toContain('Loading');
    const list = await screen.findByRole('list', { name: 'Classes this week' });
    const expected = await demoClasses();
    expect(expected).toHaveLength(DEMO_WEEK_CLASSES.all);
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(expected.map((studioClass) => studioClass.name));
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(expected.map((studioClass) => `${apiUrl}/book/${studioClass.id}`));
  });

  it('When the dance type changes, then only that type’s classes are listed', async () => {
    const { rerender } = render(<App baseUrl={apiUrl} />);
    await screen.findByRole('list', { name: 'Classes this week' });
    rerender(<App baseUrl={apiUrl} danceType="Bachata" />);
    const expected = await demoClasses('Bachata');
    expect(expected.map((studioClass) => studioClass.danceType)).toEqual(Array(DEMO_WEEK_CLASSES.Bachata).fill('Bachata'));
    await waitFor(() => expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(expected.map((studioClass) => studioClass.name)));
  });

  it('When the studio does not exist, then the error is shown with a way to try again', async () => {
    render(
      <StudioDataProvider baseUrl={apiUrl} studio="no-such-studio">
        <ClassCount />
      </StudioDataProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('studio_not_found');
  });
});

describe('React: one class by id and free lesson times', () => {
  it('When a component asks for a class by id and an instructor’s free times, then it shows them', async () => {
    render(
      <StudioDataProvider baseUrl={apiUrl} studio={FIXTURE_STUDIO}>
        <ClassAndSlots />
      </StudioDataProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^WCS Improvers · \d+ times of 90 min$/));
  });
});

function ClassAndSlots() {
  const one = useClass('cf-wcs-wed');
  const slots = usePrivateLessonSlots('cf-bruno', { durationMins: 90 });
  if (!one.data || !slots.data) return <p role="status">loading</p>;
  return <p role="status">{`${one.data.name} · ${slots.data.length} times of ${slots.data[0]?.durationMins ?? 90} min`}</p>;
}

function ClassCount() {
  const { data, error, loading } = useClasses();
  if (error) return <p role="alert">{(error as { code?: string }).code}</p>;
  return <p role="status">{loading ? 'loading' : `${data?.length} classes`}</p>;
}

function EventNames({ from }: { from: string }) {
  const { data } = useEvents({ from });
  return <p role="status">{data ? data.map((event) => event.name).join(', ') : 'loading'}</p>;
}

describe('React: hooks', () => {
  it('When a component using a hook unmounts while loading, then its request is aborted', async () => {
    const { exchanges, fetchFunction } = recordingFetch();
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO, fetch: fetchFunction });
    const { unmount } = render(
      <StudioDataProvider client={client}>
        <ClassCount />
      </StudioDataProvider>,
    );
    unmount();
    expect(exchanges.length).toBe(1);
    expect(exchanges[0]!.signal?.aborted).toBe(true);
  });

  it('When the window changes, then the events of the new window replace the old ones', async () => {
    const client = createStudioDataClient({ baseUrl: apiUrl, studio: FIXTURE_STUDIO });
    const { rerender } = render(
      <StudioDataProvider client={client}>
        <EventNames from="2026-03-23" />
      </StudioDataProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saturday Social, Styling Workshop'));
    rerender(
      <StudioDataProvider client={client}>
        <EventNames from="2026-03-30" />
      </StudioDataProvider>,
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });

  it('When a hook is used outside a provider, then it says what is missing', () => {
    expect(() => render(<ClassCount />)).toThrow('StudioDataProvider');
  });
});
