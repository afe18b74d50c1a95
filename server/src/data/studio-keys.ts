import type { Kysely, Selectable } from 'kysely';
import type { StudioKeyRecord, StudioKeyStore } from '../domain/studio-api/ports';
import type { Database, StudioKeysTable } from './tables';

/** The studio keys: hashes only (domain/studio-api/studio-keys.ts makes and checks them). */
export function createStudioKeyStore(db: Kysely<Database>): StudioKeyStore {
  return {
    async create(key) {
      await db
        .insertInto('studio_keys')
        .values({ id: key.id, studio_id: key.studioId, label: key.label, key_hash: key.hash, key_hint: key.hint, created_at: key.createdAt, last_used_at: null, revoked_at: null })
        .execute();
    },

    async list(studioId) {
      const rows = await db.selectFrom('studio_keys').selectAll().where('studio_id', '=', studioId).orderBy('created_at').orderBy('id').execute();
      return rows.map(toRecord);
    },

    async revoke(keyId, nowMs) {
      await db.updateTable('studio_keys').set({ revoked_at: nowMs }).where('id', '=', keyId).where('revoked_at', 'is', null).execute();
      const row = await db.selectFrom('studio_keys').selectAll().where('id', '=', keyId).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async findByHash(hash) {
      const row = await db.selectFrom('studio_keys').selectAll().where('key_hash', '=', hash).executeTakeFirst();
      return row ? { ...toRecord(row), hash: row.key_hash } : null;
    },

    async touch(keyId, nowMs) {
      await db
        .updateTable('studio_keys')
        .set({ last_used_at: nowMs })
        .where('id', '=', keyId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', nowMs)]))
        .execute();
    },
  };
}

function toRecord(row: Selectable<StudioKeysTable>): StudioKeyRecord {
  return {
    id: row.id,
    studioId: row.studio_id,
    label: row.label,
    hint: row.key_hint,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}
