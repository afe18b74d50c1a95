import { sql } from 'kysely';
import { openStore, type Store } from '../server/src/data/database';
import { parseDatabaseUrl } from '../server/src/data/database-url';
import { importStudioDocument } from '../server/src/domain/studio-document/import-studio';
import { catalogStoreFor, prepareDatabase } from '../server/src/server';
import { createDatabaseIfMissing, mariadbUrl, recreateDatabase } from './database-server';
import { STUDIO_COUNT, benchScheduleStart, generateStudioDocument } from './generate';

/** Loads the generated studios into the bench database through the real import path, unless they are already there. */

export const BENCH_DATABASE = 'studio_data_bench';
export const BENCH_DATABASE_URL = mariadbUrl(BENCH_DATABASE);

/**
 * Studios are imported one after the other, as the import command does. (Concurrent imports of new
 * studios deadlock on MariaDB: each locks the same gap of the studios index with SELECT ... FOR UPDATE
 * and then inserts into it.)
 */

export interface LoadResult {
  /** false when the data of the current week was already there */
  loaded: boolean;
  seconds: number;
  studios: number;
  occurrences: number;
  scheduleStart: string;
}

export async function ensureBenchData(options: { reload: boolean; nowMs: number; log: (line: string) => void }): Promise<LoadResult> {
  const scheduleStart = benchScheduleStart(options.nowMs);
  const began = Date.now();
  await createDatabaseIfMissing(BENCH_DATABASE);
  if (!options.reload) {
    const store = openStore(parseDatabaseUrl(BENCH_DATABASE_URL));
    try {
      // Data loaded by an earlier version is migrated as production's would be (listing entries rendered).
      await prepareDatabase(store);
      if (await isCurrent(store, scheduleStart)) {
        return { loaded: false, seconds: (Date.now() - began) / 1000, studios: STUDIO_COUNT, occurrences: await countOccurrences(store), scheduleStart };
      }
    } finally {
      await store.close();
    }
  }

  // Missing, stale or partial data (or --reload): an empty database loads faster than replacing every studio.
  options.log(`loading ${STUDIO_COUNT} studios (schedules from ${scheduleStart}) into ${BENCH_DATABASE}...`);
  await recreateDatabase(BENCH_DATABASE);
  const store = openStore(parseDatabaseUrl(BENCH_DATABASE_URL));
  try {
    await prepareDatabase(store);
    let occurrences = 0;
    for (let studio = 1; studio <= STUDIO_COUNT; studio += 1) {
      const summary = await importStudioDocument(catalogStoreFor(store), generateStudioDocument(studio, scheduleStart), options.nowMs);
      occurrences += summary.counts.occurrences;
      if (studio % 25 === 0) options.log(`  ${studio}/${STUDIO_COUNT} studios imported (${Math.round((Date.now() - began) / 1000)} s)`);
    }
    return { loaded: true, seconds: (Date.now() - began) / 1000, studios: STUDIO_COUNT, occurrences, scheduleStart };
  } finally {
    await store.close();
  }
}

/**
 * All studios present, each schedule beginning on the first day of this run's (a Monday, where every
 * studio has classes). Having that day is not enough: data loaded a week earlier has it too, but ends
 * a week before this run's schedule, and the paths the run draws from that schedule (a class of its
 * last week) then name classes that are not there (on 2026-11-30, 644 of an uncached run's class
 * answers were 404).
 */
async function isCurrent(store: Store, scheduleStart: string): Promise<boolean> {
  const row = await store.db
    .selectFrom('studios as s')
    .select(sql<number | string>`count(*)`.as('n'))
    .where('s.id', 'like', 'bench-%')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('occurrences as o').select('o.id').whereRef('o.studio_id', '=', 's.id').where('o.local_date', '=', scheduleStart)),
    )
    .where(({ exists, not, selectFrom }) =>
      not(exists(selectFrom('occurrences as o').select('o.id').whereRef('o.studio_id', '=', 's.id').where('o.local_date', '<', scheduleStart))),
    )
    .executeTakeFirst();
  return Number(row?.n ?? 0) === STUDIO_COUNT;
}

async function countOccurrences(store: Store): Promise<number> {
  const row = await store.db.selectFrom('occurrences').select(sql<number | string>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
