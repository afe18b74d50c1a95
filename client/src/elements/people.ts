import type { LocaleText } from '../core/types.js';
import { h } from './dom.js';
import type { RenderContext } from './studio-element.js';

interface Person {
  id: string;
  name: string;
  lastname: string | null;
  image: string | null;
  bio: LocaleText;
}

/** A list of people: photo (decorative: the name is beside it), name, bio, and what `more` adds. */
export function peopleList<T extends Person>(context: RenderContext, people: T[], emptyText: string, more: (person: T) => (Node | null)[] = () => []): Node {
  if (people.length === 0) return h('p', { part: 'empty' }, emptyText);
  return h(
    'ul',
    { part: 'list' },
    people.map((person) =>
      h(
        'li',
        { part: 'item', 'data-id': person.id },
        person.image ? h('img', { part: 'image', src: person.image, alt: '', width: 64, height: 64, loading: 'lazy' }) : null,
        context.heading(0, { part: 'name' }, [person.name, person.lastname].filter(Boolean).join(' ')),
        context.text(person.bio) ? h('p', { part: 'bio', dir: 'auto' }, context.text(person.bio)) : null,
        ...more(person),
      ),
    ),
  );
}
