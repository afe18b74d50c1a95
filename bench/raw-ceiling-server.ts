import http from 'node:http';
import { readCeilingBodies } from './ceiling-bodies';

/**
 * The raw ceiling: plain `node:http` answering each benchmarked URL with the very bytes the real
 * server gave for it, from memory, with Content-Type and Content-Length and nothing else. What Node
 * alone costs for these bodies: the API's one handler (no Express on its path) aims at 0.9 of it
 * on cache hits, while also writing its request id and log line, CORS, rate-limit and caching
 * headers.
 *
 * Usage: tsx bench/raw-ceiling-server.ts BODIES.json, PORT and HOST from the environment.
 */

const bodies = readCeilingBodies('raw-ceiling-server.ts');

http
  .createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    if (!body) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.end(body);
  })
  .listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
// Stopped by the bench with SIGTERM: exit at once, normally.
process.once('SIGTERM', () => process.exit(0));
