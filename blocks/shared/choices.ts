import type { DanceType, Person, ScheduledClass } from './studio-types';

/** One option of a block setting, read from the studio's live data. */
export interface Choice {
  value: string;
  label: string;
}

/** The chosen values with `value` added or taken out, in the order they were chosen. */
export function toggled(selected: string[], value: string, checked: boolean): string[] {
  const without = selected.filter((item) => item !== value);
  return checked ? [...without, value] : without;
}

export function fullName(person: Pick<Person, 'name' | 'lastname'>): string {
  return [person.name, person.lastname].filter(Boolean).join(' ');
}

/** The studio's dance types that its web listings show. */
export function danceTypeChoices(types: DanceType[]): Choice[] {
  return types.filter((type) => type.isVisibleOnWeb).map((type) => ({ value: type.name, label: type.name }));
}

/** The levels the week's classes have, each once, in the order they first appear. */
export function levelChoices(classes: ScheduledClass[]): Choice[] {
  const levels = [...new Set(classes.map((item) => item.level).filter((level) => level !== ''))];
  return levels.map((level) => ({ value: level, label: level }));
}

export function personChoices(people: Person[]): Choice[] {
  return people.map((person) => ({ value: person.id, label: fullName(person) }));
}
