/**
 * "Add to Google Calendar" and "Add to Outlook" links for a booking, for phones that cannot open an
 * .ics file. Both take the instants in UTC (so no calendar can misread a local time); Google also
 * gets the studio's zone (ctz) to show the event in. Every value is percent-encoded (spaces as %20,
 * which both read; a '+' would stay a plus in Outlook).
 */

export interface CalendarLinkInput {
  title: string;
  startsAt: number;
  endsAt: number;
  /** the event's text: reference and price, one item a line */
  details: string;
  location: string;
  /** the studio's IANA zone */
  zone: string;
}

export function googleCalendarUrl({ title, startsAt, endsAt, details, location, zone }: CalendarLinkInput): string {
  return withQuery('https://calendar.google.com/calendar/render', {
    action: 'TEMPLATE',
    text: title,
    dates: `${basicUtc(startsAt)}/${basicUtc(endsAt)}`,
    details,
    location,
    ctz: zone,
  });
}

export function outlookCalendarUrl({ title, startsAt, endsAt, details, location }: CalendarLinkInput): string {
  return withQuery('https://outlook.live.com/calendar/0/action/compose', {
    subject: title,
    startdt: extendedUtc(startsAt),
    enddt: extendedUtc(endsAt),
    body: details,
    location,
  });
}

function withQuery(base: string, parameters: Record<string, string>): string {
  return `${base}?${Object.entries(parameters)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&')}`;
}

/** 20261123T180000Z */
function basicUtc(instantMs: number): string {
  return extendedUtc(instantMs).replace(/[-:]/g, '');
}

/** 2026-11-23T18:00:00Z */
function extendedUtc(instantMs: number): string {
  return new Date(instantMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
