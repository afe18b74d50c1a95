import { fullName, type Choice } from '../shared/choices';
import type { Person, ScheduledClass, StudioEvent } from '../shared/studio-types';
import type { BookingKind } from './types';

/** The REST proxy resource that lists what a button of this kind can book. */
export function targetResource(kind: BookingKind): string {
  switch (kind) {
    case 'class':
      return 'classes';
    case 'event':
      return 'events';
    case 'private-lesson':
      return 'private-lesson-instructors';
  }
}

/** A class or event as the site owner recognises it: name, weekday or date, and start time. */
export function targetChoices(kind: BookingKind, items: unknown[]): Choice[] {
  switch (kind) {
    case 'class':
      return (items as ScheduledClass[]).map((item) => ({
        value: item.id,
        label: `${item.name} · ${capitalised(item.dayOfWeek)} ${item.startTime}${item.instructor ? ` · ${fullName(item.instructor)}` : ''}`,
      }));
    case 'event':
      return (items as StudioEvent[]).map((item) => ({ value: item.id, label: `${item.name} · ${item.date} ${item.startTime}` }));
    case 'private-lesson':
      return (items as Person[]).map((person) => ({ value: person.id, label: fullName(person) }));
  }
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
