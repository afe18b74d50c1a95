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
    joinWaitlist: 'Join the waitlist',
    free: 'Free',
    timeZone: (zone: string) => `Times are in the studio's time zone: ${zone}.`,
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
    joinWaitlist: 'Apuntarse a la lista de espera',
    free: 'Gratis',
    timeZone: (zone: string) => `Horas en la zona horaria de la escuela: ${zone}.`,
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
  return STRINGS[languageOf(locale) as keyof typeof STRINGS] ?? STRINGS.en;
}

/** `es-ES` → `es`: the language of a locale, as the element's words and the booking pages are named. */
export function languageOf(locale: string): string {
  return locale.split('-')[0]!.toLowerCase();
}
