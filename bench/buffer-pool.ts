import type { Connection } from 'mysql2/promise';
import { connectToDatabaseServer } from './database-server';
import { BENCH_DATABASE } from './load';

/**
 * MariaDB's buffer pool, sized to the bench data for the run. Production should size
 * innodb_buffer_pool_size to its data (README); the default 128 MB holds a tenth of the bench's
 * occurrences, and random weeks of random studios would then measure page reads from the
 * operating system's cache more than the server. The previous size is restored afterwards: the
 * database is shared with the test suites.
 */

/** Headroom over the data and index size. */
const HEADROOM = 1.25;

export interface BufferPool {
  /** the size during the run, MB */
  sizeMb: number;
  /** the size before, MB */
  previousMb: number;
  restore(): Promise<void>;
}

export async function sizeBufferPoolToBenchData(log: (line: string) => void): Promise<BufferPool> {
  const connection = await connectToDatabaseServer();
  try {
    const [[pool]] = (await connection.query('SELECT @@innodb_buffer_pool_size AS bytes')) as unknown as [[{ bytes: number | string }]];
    const previous = Number(pool.bytes);
    const [[data]] = (await connection.query('SELECT SUM(data_length + index_length) AS bytes FROM information_schema.tables WHERE table_schema = ?', [
      BENCH_DATABASE,
    ])) as unknown as [[{ bytes: number | string | null }]];
    const wanted = Math.ceil((Number(data.bytes ?? 0) * HEADROOM) / 2 ** 27) * 2 ** 27;
    if (wanted > previous) {
      await connection.query(`SET GLOBAL innodb_buffer_pool_size = ${wanted}`);
      await waitForResize(connection, wanted);
    }
    // Read every occurrence and joined day once, so the runs start from the steady state of a server whose data fits.
    const began = Date.now();
    await connection.query(`SELECT SUM(LENGTH(listing_json)) FROM ${BENCH_DATABASE}.occurrences`);
    await connection.query(`SELECT SUM(LENGTH(entries)) FROM ${BENCH_DATABASE}.listing_days`);
    const cachedMb = ((await globalStatus(connection, 'Innodb_buffer_pool_pages_data')) * (await pageSize(connection))) / 2 ** 20;
    log(
      `buffer pool ${Math.round(previous / 2 ** 20)} MB -> ${Math.round(Math.max(wanted, previous) / 2 ** 20)} MB, warmed in ${((Date.now() - began) / 1000).toFixed(1)} s;` +
        ` ${Math.round(cachedMb)} MB of pages in it for ${Math.round(Number(data.bytes ?? 0) / 2 ** 20)} MB of bench tables`,
    );
    return {
      sizeMb: Math.round(Math.max(wanted, previous) / 2 ** 20),
      previousMb: Math.round(previous / 2 ** 20),
      async restore() {
        if (wanted <= previous) return;
        const again = await connectToDatabaseServer();
        try {
          await again.query(`SET GLOBAL innodb_buffer_pool_size = ${previous}`);
        } finally {
          await again.end();
        }
      },
    };
  } finally {
    await connection.end();
  }
}

/**
 * A resize runs in the background, and the status text alone cannot tell it is over: it is empty
 * before the first resize and still says "Completed ..." of the last one until the new one starts.
 * The pool's page count can: it reaches the new size only when the resize is done.
 */
async function waitForResize(connection: Connection, wantedBytes: number): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const poolBytes = (await globalStatus(connection, 'Innodb_buffer_pool_pages_total')) * (await pageSize(connection));
    const [[status]] = (await connection.query("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_resize_status'")) as unknown as [[{ Value: string } | undefined]];
    const resizing = status !== undefined && status.Value !== '' && !/^Completed/i.test(status.Value);
    if (!resizing && poolBytes >= wantedBytes * RESIZED_FRACTION) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the buffer pool did not reach ${Math.round(wantedBytes / 2 ** 20)} MB within 5 minutes`);
}

/** Pages spent on the pool's own bookkeeping keep the page count a little under size / page size. */
const RESIZED_FRACTION = 0.9;

async function globalStatus(connection: Connection, name: string): Promise<number> {
  const [[row]] = (await connection.query('SHOW GLOBAL STATUS LIKE ?', [name])) as unknown as [[{ Value: string } | undefined]];
  return Number(row?.Value ?? 0);
}

async function pageSize(connection: Connection): Promise<number> {
  const [[row]] = (await connection.query('SELECT @@innodb_page_size AS bytes')) as unknown as [[{ bytes: number | string }]];
  return Number(row.bytes);
}
