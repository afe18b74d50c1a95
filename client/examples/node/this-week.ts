// Run with the server started (`npm start` at the repository root):
//   npx tsx examples/node/this-week.ts [baseUrl]
// or, after `npm run build`, the same code from dist/ (see README).
import { classLocalDate, createStudioDataClient, StudioDataError } from '@studio-data/client';

/** The demo studio's week as lines of text: classes with their booking links, then events. */
export async function thisWeek(baseUrl = 'http://localhost:3000', locale = 'en'): Promise<string[]> {
  const client = createStudioDataClient({ baseUrl, studio: 'salsa-city', defaultLocale: 'es' });
  const [profile, classes, events] = await Promise.all([client.profile(), client.classes(), client.events()]);
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return [
    `${profile.name}: ${client.text(profile.description, locale)}`,
    ...classes.map((studioClass) => `${day.format(classLocalDate(studioClass))} ${studioClass.startTime} ${studioClass.name} → ${client.bookingUrl(studioClass.id)}`),
    ...events.map((event) => `${day.format(event.date)} ${event.startTime} ${event.name} (event) → ${client.bookingUrl(event.id)}`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  thisWeek(process.argv[2]).then(
    (lines) => console.log(lines.join('\n')),
    (error: unknown) => {
      console.error(error instanceof StudioDataError ? `${error.code}: ${error.detail}` : error);
      process.exitCode = 1;
    },
  );
}
