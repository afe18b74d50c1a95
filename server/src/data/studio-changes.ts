import { sql, type Kysely } from 'kysely';
import type { Database } from './tables';

export interface StudioStamp {
  id: string;
  version: number;
  timezone: string;
}

/** Every studio's change counter and zone: the response cache keys on them. */
export async function readStudioStamps(db: Kysely<Database>): Promise<StudioStamp[]> {
  const rows = await db.selectFrom('studios').select(['id', 'version', 'timezone']).execute();
  return rows.map((row) => ({ id: row.id, version: Number(row.version), timezone: row.timezone }));
}

/** When the studio's last class or event starts (ms), or null when it has none. */
export async function lastOccurrenceStart(db: Kysely<Database>, studioId: string): Promise<number | null> {
  const row = await db
    .selectFrom('occurrences')
    .select(sql<number | string | null>`max(starts_at)`.as('last'))
    .where('studio_id', '=', studioId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** The logo URL a studio was imported with; null when it has none or does not exist. */
export async function studioLogo(db: Kysely<Database>, studioId: string): Promise<string | null> {
  const row = await db.selectFrom('studios').select('logo').where('id', '=', studioId).executeTakeFirst();
  return row?.logo ?? null;
}

export async function countStudios(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('studios').select(sql<number | string>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
