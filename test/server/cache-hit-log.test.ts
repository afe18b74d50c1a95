import pino from 'pino';
import { loadConfig } from '../../server/src/config';
import { importStudioDocument } from '../../server/src/domain/studio-document/import-studio';
import { catalogStoreFor, startServer } from '../../server/src/server';
import { madridStudio } from '../support/fixture-studios';

/**
 * The public API's cache hits in the server's log (LOG_CACHE_HITS_PER_SECOND): the real server, its
 * handler saying which answers came from the cache, and the count told at shutdown.
 */
describe('the cache hits in the log', () => {
  it('When the budget is 0, then the miss has its line, the hits (200 and 304) are counted, and the count is logged by shutdown at the latest', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', PORT: '0', HOST: '127.0.0.1', DEMO_STUDIO: 'off', LOG_CACHE_HITS_PER_SECOND: '0' });
    const server = await startServer(config, { logger });
    try {
      await server.ready;
      await importStudioDocument(catalogStoreFor(server.store), madridStudio());
      await server.stamps.refresh();
      const url = `${server.url}/api/public/studio/fixture-madrid/packages`;
      const miss = await fetch(url);
      await miss.arrayBuffer();
      const etag = miss.headers.get('etag') as string;
      const statuses = [miss.status];
      for (const headers of [{}, { 'if-none-match': etag }] as Record<string, string>[]) {
        const hit = await fetch(url, { headers });
        await hit.arrayBuffer();
        statuses.push(hit.status);
      }
      expect(statuses).toEqual([200, 200, 304]);
      expect(lines.filter((line) => line.msg === 'request completed').map((line) => (line.req as { url: string }).url)).toEqual(['/api/public/studio/fixture-madrid/packages']);
    } finally {
      await server.close();
    }
    // One line a second at most: a slow machine may have seen the second end between the two hits.
    const counted = { 200: 0, 304: 0 } as Record<string, number>;
    for (const line of lines.filter((each) => each.msg === 'cache hits counted')) {
      for (const [status, count] of Object.entries((line.cacheHits as { statusCodes: Record<string, number> }).statusCodes)) counted[status] = (counted[status] ?? 0) + count;
    }
    expect(counted).toEqual({ 200: 1, 304: 1 });
  });
});
