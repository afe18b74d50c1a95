import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Dialect } from '../database-url';

/**
 * The first schema: the catalog tables (replaced whole by each import) and bookings (never touched
 * by imports). One definition serves MySQL/MariaDB and SQLite; on MySQL every table is InnoDB with
 * a binary collation, so ids and names compare exactly as they do on SQLite.
 */
export function catalogAndBookings(dialect: Dialect) {
  const finish = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    dialect === 'mysql' ? table.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`) : table;
  // MySQL needs a length on indexed strings; SQLite ignores it.
  const id = 'varchar(64)';
  const shortText = 'varchar(255)';
  const longText = 'text';
  const price = 'decimal(12, 2)';

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await finish(
        db.schema
          .createTable('studios')
          .addColumn('id', id, (c) => c.primaryKey())
          .addColumn('name', shortText, (c) => c.notNull())
          .addColumn('country', 'varchar(2)', (c) => c.notNull())
          .addColumn('address', 'varchar(500)')
          .addColumn('unit', shortText)
          .addColumn('business_hours', 'varchar(1000)')
          .addColumn('description', longText, (c) => c.notNull())
          .addColumn('logo', 'varchar(2048)')
          .addColumn('phone', 'varchar(50)')
          .addColumn('default_currency', 'varchar(3)', (c) => c.notNull())
          .addColumn('website', 'varchar(2048)')
          .addColumn('year_established', 'integer')
          .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
          .addColumn('whatsapp_enabled', 'smallint')
          .addColumn('whatsapp_phone', 'varchar(50)')
          .addColumn('locales', shortText, (c) => c.notNull())
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('imported_at', 'bigint', (c) => c.notNull()),
      ).execute();

      await finish(
        db.schema
          .createTable('dance_types')
          .addColumn('studio_id', id, (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('name_key', 'varchar(100)', (c) => c.notNull())
          .addColumn('description', longText, (c) => c.notNull())
          .addColumn('image', 'varchar(2048)')
          .addColumn('is_visible_on_web', 'smallint', (c) => c.notNull())
          .addPrimaryKeyConstraint('dance_types_pk', ['studio_id', 'name_key'])
          .addForeignKeyConstraint('dance_types_studio_fk', ['studio_id'], 'studios', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();

      await finish(
        db.schema
          .createTable('people')
          .addColumn('id', id, (c) => c.primaryKey())
          .addColumn('studio_id', id, (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('name', 'varchar(100)', (c) => c.notNull())
          .addColumn('lastname', 'varchar(100)')
          .addColumn('image', 'varchar(2048)')
          .addColumn('bio', longText, (c) => c.notNull())
          .addColumn('occupation', shortText)
          .addColumn('years_of_experience', 'integer')
          .addColumn('dance_specialities', longText, (c) => c.notNull())
          .addColumn('public_profile', 'smallint', (c) => c.notNull())
          .addColumn('roles', shortText, (c) => c.notNull())
          .addColumn('is_instructor', 'smallint', (c) => c.notNull())
          .addForeignKeyConstraint('people_studio_fk', ['studio_id'], 'studios', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();
      await db.schema.createIndex('people_by_studio').on('people').columns(['studio_id', 'position']).execute();

      await finish(
        db.schema
          .createTable('occurrences')
          .addColumn('studio_id', id, (c) => c.notNull())
          .addColumn('id', 'varchar(80)', (c) => c.notNull())
          .addColumn('entry_id', id, (c) => c.notNull())
          .addColumn('name', 'varchar(200)', (c) => c.notNull())
          .addColumn('dance_type_key', 'varchar(100)')
          .addColumn('level', 'varchar(100)', (c) => c.notNull())
          .addColumn('room', 'varchar(100)')
          .addColumn('starts_at', 'bigint', (c) => c.notNull())
          .addColumn('ends_at', 'bigint', (c) => c.notNull())
          .addColumn('local_date', 'char(10)', (c) => c.notNull())
          .addColumn('day_of_week', 'varchar(9)', (c) => c.notNull())
          .addColumn('start_time', 'char(5)', (c) => c.notNull())
          .addColumn('end_time', 'char(5)', (c) => c.notNull())
          .addColumn('price', price)
          .addColumn('capacity', 'integer')
          .addColumn('allow_packages', 'smallint')
          .addColumn('description', longText)
          .addColumn('instructor_id', id)
          .addColumn('cancelled', 'smallint', (c) => c.notNull())
          // InnoDB stores rows in primary-key order: a studio's week of classes is then one contiguous range.
          .addPrimaryKeyConstraint('occurrences_pk', ['studio_id', 'starts_at', 'id'])
          .addForeignKeyConstraint('occurrences_studio_fk', ['studio_id'], 'studios', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();
      // Class and event ids are global: the hosted booking page is {checkout}/book/{classId}, with no studio in it.
      await db.schema.createIndex('occurrences_id_unique').on('occurrences').column('id').unique().execute();
      // The other listings: a studio's week of one dance type, and its events by local date (the primary key serves all classes).
      await db.schema.createIndex('occurrences_by_type').on('occurrences').columns(['studio_id', 'dance_type_key', 'starts_at']).execute();
      // Events are the rows without a dance type: (studio, NULL type, local date) is their own range.
      await db.schema.createIndex('occurrences_by_local_date').on('occurrences').columns(['studio_id', 'dance_type_key', 'local_date']).execute();
      // Private lesson slots must avoid what an instructor teaches.
      await db.schema.createIndex('occurrences_by_instructor').on('occurrences').columns(['studio_id', 'instructor_id', 'starts_at']).execute();

      await finish(
        db.schema
          .createTable('packages')
          .addColumn('studio_id', id, (c) => c.notNull())
          .addColumn('id', id, (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('name', 'varchar(200)', (c) => c.notNull())
          .addColumn('description', longText)
          .addColumn('price', price, (c) => c.notNull())
          .addColumn('currency', 'varchar(3)', (c) => c.notNull())
          .addColumn('class_count', 'integer')
          .addColumn('validity_days', 'integer')
          .addColumn('dance_types', longText, (c) => c.notNull())
          .addColumn('is_visible_on_web', 'smallint', (c) => c.notNull())
          .addPrimaryKeyConstraint('packages_pk', ['studio_id', 'id'])
          .addForeignKeyConstraint('packages_studio_fk', ['studio_id'], 'studios', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();

      await finish(
        db.schema
          .createTable('private_lesson_offers')
          .addColumn('studio_id', id, (c) => c.notNull())
          .addColumn('person_id', id, (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('private_lesson_offers_pk', ['studio_id', 'person_id'])
          .addForeignKeyConstraint('private_lesson_offers_studio_fk', ['studio_id'], 'studios', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();

      await finish(
        db.schema
          .createTable('availability_windows')
          .addColumn('studio_id', id, (c) => c.notNull())
          .addColumn('id', id, (c) => c.notNull())
          .addColumn('person_id', id, (c) => c.notNull())
          .addColumn('day_of_week', 'smallint', (c) => c.notNull())
          .addColumn('start_time', 'char(5)', (c) => c.notNull())
          .addColumn('end_time', 'char(5)', (c) => c.notNull())
          .addColumn('active', 'smallint', (c) => c.notNull())
          .addPrimaryKeyConstraint('availability_windows_pk', ['studio_id', 'id'])
          .addForeignKeyConstraint('availability_windows_studio_fk', ['studio_id'], 'studios', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();
      await db.schema.createIndex('availability_by_person').on('availability_windows').columns(['studio_id', 'person_id']).execute();

      await finish(
        db.schema
          .createTable('pricing_entries')
          .addColumn('studio_id', id, (c) => c.notNull())
          .addColumn('id', id, (c) => c.notNull())
          .addColumn('person_id', id, (c) => c.notNull())
          .addColumn('duration_mins', 'integer', (c) => c.notNull())
          .addColumn('price', price, (c) => c.notNull())
          .addColumn('currency', 'varchar(3)', (c) => c.notNull())
          .addColumn('active', 'smallint', (c) => c.notNull())
          .addPrimaryKeyConstraint('pricing_entries_pk', ['studio_id', 'id'])
          .addForeignKeyConstraint('pricing_entries_studio_fk', ['studio_id'], 'studios', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();
      await db.schema.createIndex('pricing_by_person').on('pricing_entries').columns(['studio_id', 'person_id']).execute();

      await finish(
        db.schema
          .createTable('questions')
          .addColumn('studio_id', id, (c) => c.notNull())
          .addColumn('id', id, (c) => c.notNull())
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('label', longText, (c) => c.notNull())
          .addColumn('type', 'varchar(16)', (c) => c.notNull())
          .addColumn('options', longText)
          .addColumn('required', 'smallint', (c) => c.notNull())
          .addColumn('active', 'smallint', (c) => c.notNull())
          .addPrimaryKeyConstraint('questions_pk', ['studio_id', 'id'])
          .addForeignKeyConstraint('questions_studio_fk', ['studio_id'], 'studios', ['id'], (fk) => fk.onDelete('cascade')),
      ).execute();

      await finish(
        db.schema
          .createTable('bookings')
          .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
          .addColumn('studio_id', id, (c) => c.notNull())
          .addColumn('kind', 'varchar(16)', (c) => c.notNull())
          .addColumn('class_id', 'varchar(80)')
          .addColumn('instructor_id', id)
          .addColumn('pricing_id', id)
          .addColumn('starts_at', 'bigint', (c) => c.notNull())
          .addColumn('ends_at', 'bigint', (c) => c.notNull())
          .addColumn('status', 'varchar(16)', (c) => c.notNull())
          .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
          .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
          .addColumn('email', shortText, (c) => c.notNull())
          .addColumn('phone', 'varchar(50)')
          .addColumn('answers', longText)
          .addColumn('price', price)
          .addColumn('currency', 'varchar(3)')
          .addColumn('locale', 'varchar(35)')
          .addColumn('created_at', 'bigint', (c) => c.notNull()),
      ).execute();
      // spotsLeft counts a class's confirmed bookings; slots check an instructor's confirmed lessons.
      await db.schema.createIndex('bookings_by_class').on('bookings').columns(['studio_id', 'class_id', 'status']).execute();
      await db.schema.createIndex('bookings_by_instructor').on('bookings').columns(['studio_id', 'instructor_id', 'starts_at']).execute();
    },
  };
}
