/** The words of the elements themselves (studio texts come from the studio's locale maps). */
const STRINGS = {
  en: {
    loading: 'Loading…',
    failed: 'This could not be loaded.',
    noClasses: 'No classes this week.',
    noEvents: 'No events this week.',
    noInstructors: 'No instructors to show.',
    noPrivateLessons: 'No private lessons to book.',
    book: 'Book',
    bookPrivateLesson: 'Book a private lesson',
    full: 'Full',
    spotsLeft: (count: number) => (count === 1 ? '1 spot left' : `${count} spots left`),
    minutes: (count: number) => `${count} min`,
    with: 'with',
    subscribe: 'Subscribe in your calendar',
    subscribeGoogle: 'Add to Google Calendar',
    close: 'Close',
    openInNewTab: 'Open the booking page in a new tab',
  },
  es: {
    loading: 'Cargando…',
    failed: 'No se ha podido cargar.',
    noClasses: 'No hay clases esta semana.',
    noEvents: 'No hay eventos esta semana.',
    noInstructors: 'No hay profesores que mostrar.',
    noPrivateLessons: 'No hay clases particulares que reservar.',
    book: 'Reservar',
    bookPrivateLesson: 'Reservar una clase particular',
    full: 'Completo',
    spotsLeft: (count: number) => (count === 1 ? 'Queda 1 plaza' : `Quedan ${count} plazas`),
    minutes: (count: number) => `${count} min`,
    with: 'con',
    subscribe: 'Suscribirse en tu calendario',
    subscribeGoogle: 'Añadir a Google Calendar',
    close: 'Cerrar',
    openInNewTab: 'Abrir la página de reserva en una pestaña nueva',
  },
};

export type Strings = (typeof STRINGS)['en'];

/** The element's words in the language of `locale`, English when it has none. */
export function stringsFor(locale: string): Strings {
  return STRINGS[locale.split('-')[0]!.toLowerCase() as keyof typeof STRINGS] ?? STRINGS.en;
}
