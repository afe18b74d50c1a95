import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database-url';

/**
 * A studio's `locales` and a person's `roles` are JSON lists: stored as text, like the other lists,
 * so that every list the studio document accepts fits (as varchar(255) a long list failed inside
 * the import's transaction on MySQL, with no path to show). SQLite does not limit varchar lengths.
 */
export function listColumnsAsText(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'mysql') return;
      await db.schema.alterTable('studios').modifyColumn('locales', 'text', (c) => c.notNull()).execute();
      await db.schema.alterTable('people').modifyColumn('roles', 'text', (c) => c.notNull()).execute();
    },
  };
}
