import http from 'node:http';
import { readCeilingAnswers } from './ceiling-bodies';

/**
 * The raw ceiling: plain `node:http` writing, for each benchmarked URL, the very bytes the real server
 * wrote for it: its body and its headers (CORS, caching, ETag, request id, rate limit), from memory,
 * in one writeHead. What Node alone costs to write those answers: the API's one handler aims at 0.9
 * of it on cache hits, while also logging a line, minting a request id and counting the rate limit.
 *
 * Usage: node --import tsx bench/raw-ceiling-server.ts ANSWERS.json, PORT and HOST from the environment.
 */

const answers = new Map(
  [...readCeilingAnswers('raw-ceiling-server.ts')].map(([url, { body, headers }]) => [url, { body, head: [...headers.flat(), 'Content-Length', String(body.length)] }]),
);

http
  .createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.writeHead(200, answer.head);
    res.end(answer.body);
  })
  .listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
// Stopped by the bench with SIGTERM: exit at once, normally.
process.once('SIGTERM', () => process.exit(0));
