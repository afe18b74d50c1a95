/**
 * The two ways to subscribe to a calendar feed that every calendar app knows: `webcal://` (Apple
 * Calendar, Outlook and most phones open it as a subscription) and Google Calendar's "add by URL"
 * (`?cid=`), which takes the webcal address. Both keep the calendar current: the app fetches the
 * feed again by itself.
 */
export function subscribeLinks(feedUrl: string): { webcal: string; google: string } {
  const webcal = feedUrl.replace(/^https?:\/\//i, 'webcal://');
  return { webcal, google: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}` };
}
