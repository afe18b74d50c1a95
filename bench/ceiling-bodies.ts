import fs from 'node:fs';

/** The bodies a ceiling serves (`BODIES.json`, an object from request path to body, as argv[2]), or exits with its usage. */
export function readCeilingBodies(script: string): Map<string, Buffer> {
  const bodiesFile = process.argv[2];
  if (!bodiesFile) {
    process.stderr.write(`usage: ${script} BODIES.json\n`);
    process.exit(2);
  }
  return new Map(Object.entries(JSON.parse(fs.readFileSync(bodiesFile, 'utf8')) as Record<string, string>).map(([url, body]) => [url, Buffer.from(body)]));
}
