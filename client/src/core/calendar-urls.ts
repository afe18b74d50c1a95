/**
 * A studio's calendar feed (`/api/public/studio/{studioId}/calendar.ics`) and the two ways to
 * subscribe to it that calendar apps know: `webcal://` (Apple Calendar, Outlook, phones) and Google
 * Calendar's add-by-URL link. Subscribed calendars fetch the feed again by themselves.
 */

export interface CalendarFilter {
  /** only this dance type's classes (any case) */
  danceType?: string;
  /** only what this instructor (a person id) teaches or hosts */
  instructor?: string;
}

export interface CalendarLinks {
  /** the feed itself (`https://…/calendar.ics`) */
  feed: string;
  /** the same address as `webcal://…`: opens the calendar app's "subscribe" */
  webcal: string;
  /** Google Calendar's "add by URL" for the feed */
  google: string;
}

export function calendarFeedUrl(baseUrl: string, studio: string, filter: CalendarFilter = {}): string {
  const query = [
    filter.danceType === undefined ? null : `type=${encodeURIComponent(filter.danceType)}`,
    filter.instructor === undefined ? null : `instructor=${encodeURIComponent(filter.instructor)}`,
  ].filter((part): part is string => part !== null);
  return `${baseUrl.replace(/\/+$/, '')}/api/public/studio/${encodeURIComponent(studio)}/calendar.ics${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

export function calendarLinks(baseUrl: string, studio: string, filter: CalendarFilter = {}): CalendarLinks {
  const feed = calendarFeedUrl(baseUrl, studio, filter);
  const webcal = feed.replace(/^https?:\/\//i, 'webcal://');
  return { feed, webcal, google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}` };
}
