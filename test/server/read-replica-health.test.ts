import { openStore } from '../../server/src/data/database';
import { parseDatabaseUrl } from '../../server/src/data/database-url';
import { ReplicaHealth } from '../../server/src/data/read-replica';
import { freePort } from '../support/free-port';

describe('the read replica, as the log tells it', () => {
  it('When DATABASE_READ_URL names a replica that cannot be reached from the start, then the first check says so (reads go to the primary), and later checks say nothing more', async () => {
    // A port nothing listens on: the replica refuses every connection.
    const replica = openStore(parseDatabaseUrl(`mysql://root@127.0.0.1:${await freePort()}/studio_data`));
    const told: [boolean, string][] = [];
    const health = new ReplicaHealth(replica.db, { versionOf: () => undefined, all: () => [] }, { maxLagSeconds: 30, onStateChange: (usable, reason) => void told.push([usable, reason]) });
    try {
      await health.check();
      await health.check();
      expect(told).toEqual([[false, expect.stringMatching(/^unreachable: .*ECONNREFUSED/)]]);
      expect(health.usable()).toBe(false);
    } finally {
      await replica.close().catch(() => undefined);
    }
  });
});
