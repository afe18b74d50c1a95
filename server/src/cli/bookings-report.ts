import { counted } from './counted';
import type { BookingsSettled } from '../domain/studio-document/import-studio';

/**
 * The import command's lines about the bookings an import changed: an owner who renamed a class id,
 * added a holiday or moved a class learns here how many students it concerned (each was emailed),
 * not from the first student who calls.
 */
export function bookingsReport(bookings: BookingsSettled): string[] {
  const changes = [
    count(bookings.cancelled, 'seat cancelled', 'seats cancelled'),
    count(bookings.waitlistPlacesEnded, 'waitlist place ended', 'waitlist places ended'),
  ].filter(Boolean);
  const parts = [
    changes.length > 0 ? `${changes.join(' and ')} (classes or events to come that the document cancels or no longer lists)` : '',
    count(bookings.moved, 'booking moved to its class\'s new time', 'bookings moved to their classes\' new times'),
    count(bookings.promoted, 'student given a seat from a waitlist', 'students given a seat from a waitlist'),
  ].filter(Boolean);
  const lines = [parts.length > 0 ? `Bookings: ${parts.join('; ')}. Each student was emailed.` : 'Bookings: none changed.'];
  if (bookings.privateLessonsWithoutOffer > 0) {
    lines.push(
      `${count(bookings.privateLessonsWithoutOffer, 'private lesson to come is', 'private lessons to come are')} with an instructor this document no longer offers private lessons with: ` +
        `${stayBooked(bookings.privateLessonsWithoutOffer)} Cancel those that are not happening ${HOW_TO_CANCEL}, so the students are told.`,
    );
  }
  if (bookings.privateLessonsDuringClasses > 0) {
    lines.push(
      `${count(bookings.privateLessonsDuringClasses, 'private lesson to come is', 'private lessons to come are')} at the same time as a class or event its instructor now teaches or hosts: ` +
        `${stayBooked(bookings.privateLessonsDuringClasses)} Move the class, or cancel the lesson ${HOW_TO_CANCEL} so the student is told.`,
    );
  }
  return lines;
}

const HOW_TO_CANCEL = "(the studio API's POST bookings/{reference}/cancel, or the Bookings screen in WordPress)";

function stayBooked(lessons: number): string {
  return lessons === 1 ? 'it stays booked.' : 'they stay booked.';
}

/** A count worth a line: none is said by leaving it out. */
function count(value: number, one: string, many: string): string {
  return value === 0 ? '' : counted(value, one, many);
}
