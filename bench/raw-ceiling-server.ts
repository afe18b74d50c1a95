// First, as in the server: a ceiling at its best keeps nextTick on V8's fast path too (server/src/runtime/next-tick-shape.ts).
import '../server/src/runtime/next-tick-shape';
import http from 'node:http';
import { readCeilingAnswers } from './ceiling-bodies';

/**
 * The raw ceiling: plain `node:http` writing, for each benchmarked URL, the very bytes the real server
 * wrote for it: its body and its headers (CORS, caching, ETag, request id), from memory,
 * in one writeHead; to a request that sends Accept-Encoding, the server's compressed answer. What Node
 * alone costs to write those answers: the API's one handler aims at 0.9 of it on cache hits, while
 * also logging a line, minting a request id, counting the rate limit and choosing the coding.
 *
 * Usage: node --import tsx bench/raw-ceiling-server.ts ANSWERS.json, PORT and HOST from the environment.
 */

interface Written {
  body: Buffer;
  head: string[];
}
const written = (body: Buffer, headers: [string, string][]): Written => ({ body, head: [...headers.flat(), 'Content-Length', String(body.length)] });
const answers = new Map(
  [...readCeilingAnswers('raw-ceiling-server.ts')].map(([url, answer]) => [
    url,
    { plain: written(answer.body, answer.headers), compressed: answer.compressed && written(answer.compressed.body, answer.compressed.headers) },
  ]),
);

http
  .createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const { body, head } = (req.headers['accept-encoding'] && answer.compressed) || answer.plain;
    res.writeHead(200, head);
    res.end(body);
  })
  .listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
// Stopped by the bench with SIGTERM: exit at once, normally.
process.once('SIGTERM', () => process.exit(0));
