import type { ColumnDataType, Kysely, Migration } from 'kysely';

/**
 * A migration that adds one nullable column to a table (and drops it going down): rows from before
 * hold NULL until the code that writes the column reaches them.
 */
export function nullableColumn(table: string, column: string, type: ColumnDataType): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable(table).addColumn(column, type).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable(table).dropColumn(column).execute();
    },
  };
}
