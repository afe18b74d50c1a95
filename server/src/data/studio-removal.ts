import type { Kysely } from 'kysely';
import type { Database } from './tables';

/** What went with a removed studio. */
export interface RemovedStudio {
  bookings: number;
  messages: number;
}

/**
 * Removes a studio and everything of it, in one transaction: its messages still owed (the outbox),
 * its bookings, webhooks and keys, then the studio, whose catalog goes with it (its tables cascade).
 */
export async function removeStudio(db: Kysely<Database>, studioId: string): Promise<RemovedStudio> {
  return db.transaction().execute(async (trx) => {
    const messages = await trx.deleteFrom('outbox').where('studio_id', '=', studioId).executeTakeFirst();
    const bookings = await trx.deleteFrom('bookings').where('studio_id', '=', studioId).executeTakeFirst();
    await trx.deleteFrom('webhooks').where('studio_id', '=', studioId).execute();
    await trx.deleteFrom('studio_keys').where('studio_id', '=', studioId).execute();
    await trx.deleteFrom('studios').where('id', '=', studioId).execute();
    return { bookings: Number(bookings.numDeletedRows), messages: Number(messages.numDeletedRows) };
  });
}
