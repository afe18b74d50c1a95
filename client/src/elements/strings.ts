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
    started: 'Started: no longer booked online',
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
    started: 'Ya ha empezado: no se reserva en línea',
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
  fr: {
    loading: 'Chargement…',
    failed: 'Le chargement a échoué.',
    noClasses: 'Aucun cours cette semaine.',
    noEvents: 'Aucun événement cette semaine.',
    noInstructors: 'Aucun professeur à afficher.',
    noPrivateLessons: 'Aucun cours particulier à réserver.',
    book: 'Réserver',
    bookPrivateLesson: 'Réserver un cours particulier',
    full: 'Complet',
    joinWaitlist: "S'inscrire sur la liste d'attente",
    started: 'Déjà commencé : plus de réservation en ligne',
    free: 'Gratuit',
    timeZone: (zone: string) => `Horaires dans le fuseau horaire de l'école : ${zone}.`,
    spotsLeft: (count: number) => (count <= 1 ? `${count} place restante` : `${count} places restantes`),
    minutes: (count: number) => `${count} min`,
    with: 'avec',
    subscribe: "S'abonner dans votre agenda",
    subscribeGoogle: 'Ajouter à Google Agenda',
    close: 'Fermer',
    openInNewTab: 'Ouvrir la page de réservation dans un nouvel onglet',
  },
  de: {
    loading: 'Wird geladen…',
    failed: 'Das konnte nicht geladen werden.',
    noClasses: 'Diese Woche keine Kurse.',
    noEvents: 'Diese Woche keine Veranstaltungen.',
    noInstructors: 'Keine Lehrer/innen zum Anzeigen.',
    noPrivateLessons: 'Keine Privatstunden zum Buchen.',
    book: 'Buchen',
    bookPrivateLesson: 'Privatstunde buchen',
    full: 'Ausgebucht',
    joinWaitlist: 'Auf die Warteliste setzen',
    started: 'Hat begonnen: keine Online-Buchung mehr',
    free: 'Kostenlos',
    timeZone: (zone: string) => `Zeiten in der Zeitzone der Tanzschule: ${zone}.`,
    spotsLeft: (count: number) => (count === 1 ? 'Noch 1 Platz frei' : `Noch ${count} Plätze frei`),
    minutes: (count: number) => `${count} Min.`,
    with: 'mit',
    subscribe: 'In deinem Kalender abonnieren',
    subscribeGoogle: 'Zu Google Kalender hinzufügen',
    close: 'Schließen',
    openInNewTab: 'Buchungsseite in neuem Tab öffnen',
  },
  it: {
    loading: 'Caricamento…',
    failed: 'Impossibile caricare il contenuto.',
    noClasses: 'Nessuna lezione questa settimana.',
    noEvents: 'Nessun evento questa settimana.',
    noInstructors: 'Nessun insegnante da mostrare.',
    noPrivateLessons: 'Nessuna lezione privata da prenotare.',
    book: 'Prenota',
    bookPrivateLesson: 'Prenota una lezione privata',
    full: 'Al completo',
    joinWaitlist: "Iscriviti alla lista d'attesa",
    started: 'Già iniziata: non si prenota più online',
    free: 'Gratuito',
    timeZone: (zone: string) => `Orari nel fuso orario della scuola: ${zone}.`,
    spotsLeft: (count: number) => (count === 1 ? 'Resta 1 posto' : `Restano ${count} posti`),
    minutes: (count: number) => `${count} min`,
    with: 'con',
    subscribe: 'Abbonati dal tuo calendario',
    subscribeGoogle: 'Aggiungi a Google Calendar',
    close: 'Chiudi',
    openInNewTab: 'Apri la pagina di prenotazione in una nuova scheda',
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

/**
 * The `?lang=` of a class's booking link: the element's language with its region (`en-US`, `es-MX`,
 * WordPress's `en_US` read as `en-US`), so that the booking page writes dates and times as the
 * page around the element does ("7:00 PM" on an American site), whatever the browser asks; the
 * language alone when the locale is not a plain language-region pair.
 */
export function bookingLocaleOf(locale: string): string {
  const tag = locale.trim().replace('_', '-');
  const match = /^([a-z]{2,3})-([a-z]{2})$/i.exec(tag);
  return match ? `${match[1]!.toLowerCase()}-${match[2]!.toUpperCase()}` : languageOf(tag);
}
