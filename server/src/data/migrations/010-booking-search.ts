import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The studio finds its bookings by name, email or reference (`q` of the studio API's bookings):
 * each booking keeps that text folded (lower case, no accents) in `search_text`, written by the
 * booking store with the booking; the bookings made before are given theirs here, a batch at a
 * time (one UPDATE per batch). No index: words are looked for within one studio's bookings, which
 * the studio's index (studio, last change, id) already narrows to; references have their own.
 */
export function bookingSearch(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bookings').addColumn('search_text', 'varchar(1000)', (c) => c.notNull().defaultTo('')).execute();
      let after = '';
      for (;;) {
        const { rows } = await sql<BookingNames>`select id, first_name, last_name, email, reference from bookings where id > ${after} order by id limit ${BATCH}`.execute(db);
        if (rows.length === 0) return;
        const texts = sql.join(
          rows.map((row) => sql`when ${row.id} then ${searchText(row)}`),
          sql` `,
        );
        await sql`update bookings set search_text = case id ${texts} end where id in (${sql.join(rows.map((row) => row.id))})`.execute(db);
        after = rows.at(-1)!.id;
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bookings').dropColumn('search_text').execute();
    },
  };
}

const BATCH = 500;

interface BookingNames {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  reference: string | null;
}

/*
 * The folded text as domain/studio-api/booking-search.ts made it when this migration was written,
 * kept here on purpose: a migration is frozen, so a later change there must not change what this
 * one writes (a later change of the folding brings its own migration).
 */
const UNMARKED: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't' };
const UNMARKED_PATTERN = new RegExp(`[${Object.keys(UNMARKED).join('')}]`, 'gu');

function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(UNMARKED_PATTERN, (letter) => UNMARKED[letter]!)
    .replace(/\s+/gu, ' ')
    .trim();
}

function searchText(row: BookingNames): string {
  const symbols = row.reference === null ? '' : fold(row.reference).replace(/^sd-/, '');
  const text = fold(`${row.first_name} ${row.last_name} ${row.email} ${symbols}`);
  return text.length <= 1000 ? text : Array.from(text).slice(0, 1000).join('');
}
