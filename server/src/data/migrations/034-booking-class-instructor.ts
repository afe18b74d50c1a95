import type { Migration } from 'kysely';
import { nullableColumn } from './nullable-column';

/**
 * Who taught a booked class that the studio's schedule no longer lists. The studio's bookings are
 * found by instructor through the class (occurrences.instructor_id); an import that drops a class
 * deletes its row, and its bookings, kept, were no longer found by their teacher. The import now
 * writes the teacher onto the bookings of each class it drops (catalog-writer.ts); bookings of
 * classes dropped before are left without one.
 */
export function bookingClassInstructor(): Migration {
  return nullableColumn('bookings', 'class_instructor_id', 'varchar(64)');
}
