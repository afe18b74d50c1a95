import fs from 'node:fs';

/** What the real server answered for one benchmarked URL: the body, and the headers a ceiling repeats. */
export interface CeilingAnswer {
  body: string;
  /** the answer's headers but those Node writes itself (Date, Connection, Keep-Alive, Content-Length) */
  headers: [string, string][];
  /** its answer to a browser's `Accept-Encoding: br, gzip` when it was compressed: the bytes in base64, and the headers */
  compressed?: { base64: string; headers: [string, string][] };
}

/** What a browser sends: the bench asks for compressed answers as one would. */
export const BROWSER_ACCEPT_ENCODING = 'br, gzip';

/** Headers Node's HTTP server writes on its own for every answer, so a ceiling does not set them. */
export const HEADERS_NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The answers a ceiling serves (`ANSWERS.json`, an object from request path to answer, as argv[2]), or exits with its usage. */
export function readCeilingAnswers(script: string): Map<string, { body: Buffer; headers: [string, string][]; compressed?: { body: Buffer; headers: [string, string][] } }> {
  const answersFile = process.argv[2];
  if (!answersFile) {
    process.stderr.write(`usage: ${script} ANSWERS.json\n`);
    process.exit(2);
  }
  const answers = JSON.parse(fs.readFileSync(answersFile, 'utf8')) as Record<string, CeilingAnswer>;
  return new Map(
    Object.entries(answers).map(([url, { body, headers, compressed }]) => [
      url,
      { body: Buffer.from(body), headers, ...(compressed ? { compressed: { body: Buffer.from(compressed.base64, 'base64'), headers: compressed.headers } } : {}) },
    ]),
  );
}
