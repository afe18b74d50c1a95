import { sql } from 'kysely';
import { createBookingStore } from '../../server/src/data/booking-store';
import { replaceCatalog } from '../../server/src/data/catalog-writer';
import type { ListingRenderer } from '../../server/src/data/listing-format';
import { classAdmission } from '../../server/src/domain/booking/class-bookability';
import type { ClassBookingRequest } from '../../server/src/domain/booking/types';
import { importStudioDocument } from '../../server/src/domain/studio-document/import-studio';
import { listingRenderer } from '../../server/src/http/listing/listing-entries';
import { casaDelSon, salsaClass } from '../support/casa-del-son';
import { databaseTargets, type DatabaseTarget } from '../support/databases';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * A change that rolls back leaves no message (booking-lifecycle.md, "Delivery"): the outbox rows are
 * written early in each transaction, and a failure after them (here the listing day's rebuild,
 * through a renderer handed to the store that throws) must take them back with the change.
 */

const NOW = Date.parse('2027-03-01T09:00:00Z');
const STUDIO = 'rollback-studio';
const DESK = 'desk@rollback.example';

function rollbackStudio(cancelled: string[] = []) {
  return casaDelSon({
    id: STUDIO,
    studio: { notifications: { email: DESK } },
    classes: ['rb-book', 'rb-cancel', 'rb-import', 'rb-other'].map((id) => salsaClass(id, { capacity: 5, cancelled: cancelled.includes(id) })),
  });
}

/** The listing renderer, except that joining a day's entries fails: the last write of a booking, a cancellation and an import. */
const failingRenderer: ListingRenderer = {
  ...listingRenderer,
  joinEntries() {
    throw new Error('the listing day could not be rebuilt');
  },
};

const request = (classId: string, email: string): ClassBookingRequest => ({
  classId,
  guest: { firstName: 'Eva', lastName: 'Ruiz', email, phone: null },
  locale: 'en',
  idempotencyKey: `rollback-${classId}-${email}`,
  nowMs: NOW,
});

/** What failed, as a message (checked as a value: `rejects.toThrow` only counts errors of the test's own realm). */
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => 'no failure',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

describe.each(databaseTargets())('messages of a change that rolls back, on $name', (target: DatabaseTarget) => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(target, { documents: [rollbackStudio()], now: () => NOW, env: { OUTBOX_WORKER: 'off' } });
  });
  afterAll(() => app?.stop());

  const db = () => app.server.store.db;
  const healthy = () => createBookingStore(db(), app.server.store.dialect, listingRenderer);
  const failing = () => createBookingStore(db(), app.server.store.dialect, failingRenderer);
  const bookingsOf = (email: string) => db().selectFrom('bookings').select(['class_id', 'status']).where('email', '=', email).execute();
  const messagesOf = async (email: string) => {
    const rows = await db().selectFrom('outbox').innerJoin('bookings', 'bookings.id', 'outbox.booking_id').select(['outbox.audience', 'outbox.event']).where('bookings.email', '=', email).execute();
    return rows.map((row) => `${row.audience}:${row.event}`).sort();
  };
  const outboxRows = async () => Number((await db().selectFrom('outbox').select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  it('When a booking fails after its messages were written, then there is no booking and no message', async () => {
    const before = await outboxRows();
    expect(await failureOf(failing().bookClass(request('rb-book', 'failed@example.com'), classAdmission(NOW, { joinWaitlist: false })))).toBe('the listing day could not be rebuilt');
    expect(await bookingsOf('failed@example.com')).toEqual([]);
    expect(await outboxRows()).toBe(before);
  });

  it('When a cancellation fails after its messages were written, then the booking stays confirmed and only its confirmation messages remain', async () => {
    const booked = await healthy().bookClass(request('rb-cancel', 'kept@example.com'), classAdmission(NOW, { joinWaitlist: false }));
    if (booked.outcome !== 'confirmed') throw new Error(booked.outcome);
    const owed = ['student:confirmed', 'student:reminder', 'studio:confirmed'];
    expect(await messagesOf('kept@example.com')).toEqual(owed);
    expect(await failureOf(failing().cancelBooking({ bookingId: booked.booking.id, by: 'student', nowMs: NOW }, () => true))).toBe('the listing day could not be rebuilt');
    expect(await bookingsOf('kept@example.com')).toEqual([{ class_id: 'rb-cancel', status: 'confirmed' }]);
    expect(await messagesOf('kept@example.com')).toEqual(owed);
  });

  it('When an import cancels a class and then fails, then its bookings stay confirmed and no cancellation is owed', async () => {
    const booked = await healthy().bookClass(request('rb-import', 'stays@example.com'), classAdmission(NOW, { joinWaitlist: false }));
    expect(booked.outcome).toBe('confirmed');
    const owed = ['student:confirmed', 'student:reminder', 'studio:confirmed'];
    const failingImport = { replaceCatalog: (catalog: Parameters<typeof replaceCatalog>[2], nowMs: number) => replaceCatalog(db(), app.server.store.dialect, catalog, nowMs, failingRenderer) };
    expect(await failureOf(importStudioDocument(failingImport, rollbackStudio(['rb-import']), NOW))).toBe('the listing day could not be rebuilt');
    expect(await bookingsOf('stays@example.com')).toEqual([{ class_id: 'rb-import', status: 'confirmed' }]);
    expect(await messagesOf('stays@example.com')).toEqual(owed);
    const stored = await db().selectFrom('occurrences').select('cancelled').where('id', '=', 'rb-import').executeTakeFirstOrThrow();
    expect(Number(stored.cancelled)).toBe(0);

    // The same import with the real renderer does cancel the booking and owes its messages: the failure was what held them back.
    await app.importDocument(rollbackStudio(['rb-import']), NOW);
    expect(await bookingsOf('stays@example.com')).toEqual([{ class_id: 'rb-import', status: 'cancelled' }]);
    expect(await messagesOf('stays@example.com')).toEqual(['student:cancelled', ...owed, 'studio:cancelled'].sort());
  });
});
