// First, as in the server: a ceiling at its best keeps nextTick on V8's fast path too (server/src/runtime/next-tick-shape.ts).
import '../server/src/runtime/next-tick-shape';
import express from 'express';
import { readCeilingAnswers } from './ceiling-bodies';

/**
 * The ceiling: a bare Express 5 app that answers each benchmarked URL with the very bytes the real
 * server gave for it, from memory, with Content-Type application/json. Nothing else: what Express
 * and Node cost for these bodies, and so the best the real server could do.
 *
 * Reading its figures: `res.send` hashes the body for a weak ETag on every request (Express's
 * default), about 64 µs for a 114 kB week of classes but 1–2 µs for a body under 1 kB. So the
 * ceiling is cheapest, and hardest to reach, for the smallest bodies (the user profile, the
 * private-lesson questions), where the server's own per-request work (request id and log line,
 * rate limit, headers) weighs most; for the weeks of classes the server, which hashes once per
 * cached body, can beat it.
 *
 * Usage: node --import tsx bench/ceiling-server.ts ANSWERS.json (from request path to the server's answer; only its body is used), PORT and HOST from the environment.
 */

const bodies = new Map([...readCeilingAnswers('ceiling-server.ts')].map(([url, answer]) => [url, answer.body]));

const app = express();
app.use((req, res) => {
  const body = bodies.get(req.originalUrl);
  if (!body) {
    res.status(404).end();
    return;
  }
  res.set('Content-Type', 'application/json');
  res.send(body);
});

app.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
// Stopped by the bench with SIGTERM: exit at once, normally.
process.once('SIGTERM', () => process.exit(0));
