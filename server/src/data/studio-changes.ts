import { sql, type Kysely } from 'kysely';
import type { Database } from './tables';

export interface StudioStamp {
  id: string;
  version: number;
  catalogVersion: number;
  timezone: string;
}

/** Every studio's change counter, catalog version and zone: the response cache keys on them. */
export async function readStudioStamps(db: Kysely<Database>): Promise<StudioStamp[]> {
  const rows = await db.selectFrom('studios').select(['id', 'version', 'catalog_version', 'timezone']).execute();
  return rows.map((row) => ({ id: row.id, version: Number(row.version), catalogVersion: Number(row.catalog_version), timezone: row.timezone }));
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

/** The logo, terms and privacy notice URLs a studio was imported with (null when it has none); null when there is no such studio. */
export async function studioAddresses(db: Kysely<Database>, studioId: string): Promise<{ logo: string | null; termsUrl: string | null; privacyUrl: string | null } | null> {
  const row = await db.selectFrom('studios').select(['logo', 'terms_url', 'privacy_url']).where('id', '=', studioId).executeTakeFirst();
  return row ? { logo: row.logo, termsUrl: row.terms_url, privacyUrl: row.privacy_url } : null;
}

export async function countStudios(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('studios').select(sql<number | string>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
