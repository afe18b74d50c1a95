import type { Kysely, Migration } from 'kysely';

/**
 * Who taught a booked class that the studio's schedule no longer lists. The studio's bookings are
 * found by instructor through the class (occurrences.instructor_id); an import that drops a class
 * deletes its row, and its bookings, kept, were no longer found by their teacher. The import now
 * writes the teacher onto the bookings of each class it drops (catalog-writer.ts); bookings of
 * classes dropped before are left without one.
 */
export function bookingClassInstructor(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bookings').addColumn('class_instructor_id', 'varchar(64)').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bookings').dropColumn('class_instructor_id').execute();
    },
  };
}
