import { __, sprintf } from '@wordpress/i18n';
import { fullName, type Choice } from '../shared/choices';
import type { Person, ScheduledClass, StudioEvent, StudioProfile } from '../shared/studio-types';
import { weekdayInSentence } from '../shared/weekdays';
import type { BookingKind } from './types';

const DAY_MS = 86_400_000;

/**
 * The REST proxy resources that list what a button of this kind can book. A weekly class or event is
 * looked for in two weeks, so one whose session this week is already over is still offered; the
 * second window starts 6 days on (the editor's date may be a day off the studio's: they overlap,
 * never gap). The profile's time zone says which events have started.
 */
export function targetResources(kind: BookingKind, nowMs: number): string[] {
  switch (kind) {
    case 'series': {
      const nextWeek = new Date(nowMs + 6 * DAY_MS).toISOString().slice(0, 10);
      return ['classes', `classes?from=${nextWeek}`, 'events', `events?from=${nextWeek}`, 'profile'];
    }
    case 'class':
      return ['classes'];
    case 'event':
      return ['events', 'profile'];
    case 'private-lesson':
      return ['private-lesson-instructors'];
  }
}

/**
 * What the owner can pick, by name as they recognise it, never what is already over: a weekly class
 * or event (each series once), a dated class or an event that has not started by `nowMs`, or an
 * instructor.
 */
export function targetChoices(kind: BookingKind, data: unknown[], nowMs: number): Choice[] {
  switch (kind) {
    case 'series': {
      const [classes, nextClasses, events, nextEvents, profile] = data as [ScheduledClass[], ScheduledClass[], StudioEvent[], StudioEvent[], StudioProfile];
      const nowInStudio = wallClock(nowMs, profile.timezone);
      return weeklyChoices([
        ...[...classes, ...nextClasses].filter((item) => Date.parse(item.date) >= nowMs).map((item) => ({ ...item, person: item.instructor })),
        // A one-off event is its own series: the "An event" kind books it.
        ...[...events, ...nextEvents].filter((item) => item.seriesId !== item.id && `${item.date}T${item.startTime}` >= nowInStudio).map((item) => ({ ...item, person: item.host })),
      ]);
    }
    case 'class':
      return (data[0] as ScheduledClass[])
        .filter((item) => Date.parse(item.date) >= nowMs)
        .map((item) => ({ value: item.id, label: `${item.name} · ${capitalised(item.dayOfWeek)} ${item.startTime}${teacher(item.instructor)}` }));
    case 'event': {
      const nowInStudio = wallClock(nowMs, (data[1] as StudioProfile).timezone);
      return (data[0] as StudioEvent[])
        .filter((item) => `${item.date}T${item.startTime}` >= nowInStudio)
        .map((item) => ({ value: item.id, label: `${item.name} · ${item.date} ${item.startTime}` }));
    }
    case 'private-lesson':
      return (data[0] as Person[]).map((person) => ({ value: person.id, label: fullName(person) }));
  }
}

/** A session of a weekly class or event not started yet, with who teaches or hosts it. */
interface WeeklySession extends Pick<ScheduledClass, 'seriesId' | 'name' | 'dayOfWeek' | 'startTime'> {
  person: Person | null;
}

/** Each weekly class or event once (its `seriesId`), from its next session: "Salsa Beginners · every Monday at 19:00 · Lucía Romero". */
function weeklyChoices(sessions: WeeklySession[]): Choice[] {
  const seen = new Set<string>();
  const choices: Choice[] = [];
  for (const item of sessions) {
    if (seen.has(item.seriesId)) continue;
    seen.add(item.seriesId);
    choices.push({
      value: item.seriesId,
      label: sprintf(
        /* translators: 1: class or event name, 2: weekday, 3: start time (19:00), 4: " · " and the instructor's or host's name, or nothing. */
        __('%1$s · every %2$s at %3$s%4$s', 'studio-data'),
        item.name,
        weekdayInSentence(item.dayOfWeek),
        item.startTime,
        teacher(item.person),
      ),
    });
  }
  return choices;
}

function teacher(person: Person | null): string {
  return person ? ` · ${fullName(person)}` : '';
}

/** The studio's wall-clock time at `nowMs`, as `YYYY-MM-DDTHH:mm`, to compare with an event's date and start. */
function wallClock(nowMs: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(nowMs))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
