import { h } from './dom.js';
import type { RenderContext } from './studio-element.js';

/**
 * "Times are in the studio's time zone: Central European Time (Europe/Madrid)." under a list of
 * times: they are the studio's wall clock, and a visitor abroad would otherwise read them as their
 * own. Nothing when the profile cannot be read (the list is still worth showing).
 */
export async function timeZoneNote(context: RenderContext): Promise<Node | null> {
  let zone: string;
  try {
    zone = (await context.profile()).timezone;
  } catch {
    return null;
  }
  return h('p', { part: 'time-zone' }, context.strings.timeZone(zoneName(zone, context.locale)));
}

/** The zone's name in the page's language and its IANA id; the id alone where the browser cannot name zones. */
function zoneName(zone: string, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    const name = parts.find((part) => part.type === 'timeZoneName')?.value;
    return name && name !== zone ? `${name} (${zone})` : zone;
  } catch {
    return zone;
  }
}
