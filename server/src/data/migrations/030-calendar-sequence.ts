import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What the calendar feeds need of each class or event (issue 20): its SEQUENCE, raised by every
 * import that changes what a calendar shows of it (a new time, a cancellation), and the fingerprint
 * of what it showed last. Imports replace the occurrence rows; the writer carries both over by id.
 * Dance type keys become NFC (composed) lower case, so a decomposed `Cafe%CC%81` finds `Café`:
 * keys stored before are made so here (plain lower-casing, the old rule, left decomposed ones as
 * they were written).
 */
export function calendarSequence(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('occurrences').addColumn('calendar_sequence', 'integer', (column) => column.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('occurrences').addColumn('calendar_fingerprint', 'varchar(64)').execute();
      for (const [table, column] of [
        ['dance_types', 'name_key'],
        ['occurrences', 'dance_type_key'],
      ] as const) {
        const keys = await sql<{ key: string }>`select distinct ${sql.ref(column)} as ${sql.ref('key')} from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(db);
        for (const { key } of keys.rows) {
          const composed = key.normalize('NFC').toLowerCase();
          if (composed !== key) await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${composed} where ${sql.ref(column)} = ${key}`.execute(db);
        }
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('occurrences').dropColumn('calendar_fingerprint').execute();
      await db.schema.alterTable('occurrences').dropColumn('calendar_sequence').execute();
    },
  };
}
