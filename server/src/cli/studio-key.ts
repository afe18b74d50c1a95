import { ConfigError, loadConfig } from '../config';
import { openStore } from '../data/database';
import { createStudioKeyStore } from '../data/studio-keys';
import { isDocumentId } from '../domain/ids';
import { newStudioKey } from '../domain/studio-api/studio-keys';
import { prepareDatabase } from '../server';

/**
 * `npm run studio-key -- create STUDIO_ID [--label TEXT] | list STUDIO_ID | revoke KEY_ID`: the keys a
 * studio's own systems call the studio API with. `create` prints the key once (only its SHA-256 is
 * stored); `list` shows each key's id, label, beginning, creation, last use and revocation; `revoke`
 * ends a key at once. Reads DATABASE_URL like the server. Exit codes: 0 done, 1 no such key, 2 usage,
 * configuration or database error.
 */

const USAGE = `Usage:
  npm run studio-key -- create STUDIO_ID [--label TEXT]   prints a new key for the studio (shown once)
  npm run studio-key -- list STUDIO_ID                    the studio's keys
  npm run studio-key -- revoke KEY_ID                     ends a key at once
(reads DATABASE_URL like the server)
`;
const MAX_LABEL_LENGTH = 200;

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));

async function main(argv: string[]): Promise<number> {
  const [command, subject, ...rest] = argv;
  let label: string | null = null;
  if (command === 'create' && rest.length === 2 && rest[0] === '--label') label = rest[1]!.trim();
  const wellFormed =
    (command === 'create' && (rest.length === 0 || (label !== null && label !== '' && label.length <= MAX_LABEL_LENGTH))) ||
    ((command === 'list' || command === 'revoke') && rest.length === 0);
  if (!wellFormed || subject === undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (command !== 'revoke' && !isDocumentId(subject)) {
    process.stderr.write(`"${subject}" is not a studio id (1 to 64 characters from A-Z a-z 0-9 _ -).\n`);
    return 2;
  }

  const config = loadConfig();
  const store = openStore(config.database);
  try {
    await prepareDatabase(store);
    const keys = createStudioKeyStore(store.db);
    const now = Date.now();
    if (command === 'create') {
      const made = newStudioKey();
      await keys.create({ id: made.id, studioId: subject, label, hash: made.hash, hint: made.hint, createdAt: now });
      const known = await store.db.selectFrom('studios').select('id').where('id', '=', subject).executeTakeFirst();
      process.stdout.write(
        `Created ${made.id} for studio "${subject}"${label ? ` (${label})` : ''}. The key, shown this once only:\n\n  ${made.key}\n\n` +
          'Send it as "Authorization: Bearer KEY" to /api/studio/' +
          `${subject}/… Keep it secret; revoke it with: npm run studio-key -- revoke ${made.id}\n` +
          (known ? '' : `(No studio "${subject}" is imported yet: the key can push its first document with PUT /api/studio/${subject}/document.)\n`),
      );
      return 0;
    }
    if (command === 'list') {
      const listed = await keys.list(subject);
      if (listed.length === 0) {
        process.stdout.write(`Studio "${subject}" has no keys.\n`);
        return 0;
      }
      const rows = [['id', 'label', 'key', 'created', 'last used', 'revoked'], ...listed.map((key) => [key.id, key.label ?? '-', `${key.hint}…`, when(key.createdAt), when(key.lastUsedAt), when(key.revokedAt)])];
      const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
      process.stdout.write(rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd()).join('\n') + '\n');
      return 0;
    }
    const revoked = await keys.revoke(subject, now);
    if (!revoked) {
      process.stderr.write(`No key has the id "${subject}" (npm run studio-key -- list STUDIO_ID shows them).\n`);
      return 1;
    }
    process.stdout.write(`Revoked ${revoked.id} of studio "${revoked.studioId}" (${when(revoked.revokedAt)}): requests with it are refused from now on.\n`);
    return 0;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : `studio-key failed: ${(error as Error).message}`}\n`);
    process.exit(2);
  },
);
