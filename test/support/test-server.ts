import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config';
import { importStudioDocument } from '../../server/src/domain/studio-document/import-studio';
import { catalogStoreFor, startServer, type RunningServer } from '../../server/src/server';
import type { DatabaseTarget, TestDatabase } from './databases';
import type { ResolveHost } from '../../server/src/domain/studio-api/webhook-address';
import type { Deprecation } from '../../server/src/http/api/deprecations';

export interface TestServer {
  server: RunningServer;
  database: TestDatabase;
  url: string;
  /** where emails are written when the test gives no SMTP_URL */
  mailDirectory: string;
  importDocument(document: unknown, nowMs?: number): ReturnType<typeof importStudioDocument>;
  stop(): Promise<void>;
}

/** A real server on a free port over a fresh database of the target, with the given studios imported. */
export async function startTestServer(
  target: DatabaseTarget,
  options: { documents?: unknown[]; now?: () => number; env?: Record<string, string>; resolveHost?: ResolveHost; deprecations?: readonly Deprecation[] } = {},
): Promise<TestServer> {
  const database = await target.create();
  // Emails the test does not catch itself (no SMTP_URL) go to a folder of its own, removed at stop.
  const mailDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-data-mail-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DEMO_STUDIO: 'off',
    CHANGE_POLL_MS: '100',
    MAIL_DIRECTORY: mailDirectory,
    ...options.env,
  });
  const server = await startServer(config, { now: options.now, resolveHost: options.resolveHost, deprecations: options.deprecations });
  await server.ready;
  const importDocument = (document: unknown, nowMs = Date.now()) => importStudioDocument(catalogStoreFor(server.store), document, nowMs);
  for (const document of options.documents ?? []) await importDocument(document);
  // Pick up the imported studios' change counters at once instead of at the next poll.
  await server.stamps.refresh();
  return {
    server,
    database,
    url: server.url,
    importDocument,
    mailDirectory,
    async stop() {
      await server.close();
      await database.drop();
      fs.rmSync(mailDirectory, { recursive: true, force: true });
    },
  };
}
