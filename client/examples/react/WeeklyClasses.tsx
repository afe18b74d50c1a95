import { classLocalDate, StudioDataError } from '@studio-data/client';
import { StudioDataProvider, useClasses, useStudioDataClient } from '@studio-data/client/react';

/** This week's classes of the studio, each with its booking link; optionally one dance type only. */
export function WeeklyClasses({ danceType, locale = 'en' }: { danceType?: string; locale?: string }) {
  const client = useStudioDataClient();
  const { data: classes, error, loading, reload } = useClasses({ danceType });

  if (error) {
    // Words and a way to try again for the visitor; the code for the developer (error.message, with the
    // API's URL, belongs in the logs, not on the page).
    return (
      <p role="alert" data-error-code={error instanceof StudioDataError ? error.code : undefined}>
        The classes could not be loaded. <button onClick={reload}>Try again</button>
      </p>
    );
  }
  if (loading || !classes) return <p role="status">Loading the classes…</p>;
  if (classes.length === 0) return <p>No classes this week.</p>;

  const day = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <ul aria-label="Classes this week">
      {classes.map((studioClass) => (
        <li key={studioClass.id}>
          <h3>{studioClass.name}</h3>
          <p>
            {day.format(classLocalDate(studioClass))}, {studioClass.startTime}–{studioClass.endTime} · {studioClass.danceType} · {studioClass.level}
            {studioClass.instructor ? ` · ${studioClass.instructor.name}` : ''}
          </p>
          <p>{client.text(studioClass.description, locale)}</p>
          <a href={client.bookingUrl(studioClass.id)}>Book {studioClass.name}</a>
        </li>
      ))}
    </ul>
  );
}

/** The whole app: a provider for the demo studio around the list. */
export function App({ baseUrl = 'http://localhost:3000', danceType }: { baseUrl?: string; danceType?: string }) {
  return (
    <StudioDataProvider baseUrl={baseUrl} studio="salsa-city" defaultLocale="es">
      <WeeklyClasses danceType={danceType} />
    </StudioDataProvider>
  );
}
