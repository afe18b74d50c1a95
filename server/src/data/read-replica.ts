import { sql, type Kysely } from 'kysely';
import { readStudioStamps } from './studio-changes';
import { isUnreachableError } from './unavailable';
import type { Database } from './tables';
import { withDeadline } from '../domain/deadline';

/** A replica that has not answered its check within this long is bypassed until it does. */
const CHECK_DEADLINE_MS = 1500;

/** A studio's change counter as the primary has it (the server's stamps, refreshed by poll or message). */
export interface PrimaryVersions {
  versionOf(studioId: string): number | undefined;
  all(): Iterable<{ id: string; version: number }>;
}

export interface ReplicaOptions {
  /** a replica further behind than this (Seconds_Behind_Master) is bypassed */
  maxLagSeconds: number;
  /** told when the replica starts or stops being used, with the reason */
  onStateChange: (usable: boolean, reason: string) => void;
}

/**
 * Whether the read replica (DATABASE_READ_URL) may answer now, for a studio or for reads by a global
 * id. Checked in the background every poll: the replica answers, replicates (the SQL thread runs) no
 * more than `maxLagSeconds` behind, and holds every studio at least at the change counter the primary
 * has. A studio changed since (an import or booking whose row has not reached the replica yet) is read
 * from the primary until the replica has it, so no answer is cached under a new counter with old data.
 * A read that finds the replica unreachable marks it down at once, until the next good poll.
 */
export class ReplicaHealth {
  private up = false;
  /** Whether the replica's state has been told yet: its first check is told either way (a replica never reached is logged too). */
  private told = false;
  private versions = new Map<string, number>();
  /** studios the replica holds at an older counter than the primary (reads by a global id wait for none) */
  private behind = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly replica: Kysely<Database>,
    private readonly primary: PrimaryVersions,
    private readonly options: ReplicaOptions,
  ) {}

  /** Whether a read of this studio (or, without one, a read by a global id) may go to the replica. */
  usable(studioId?: string): boolean {
    if (!this.up) return false;
    if (studioId === undefined) return this.behind.size === 0;
    // A studio the replica has not received yet (or only an older counter of) is read from the primary.
    return (this.versions.get(studioId) ?? -1) >= (this.primary.versionOf(studioId) ?? -1);
  }

  /** The primary's counter of a studio changed: until the replica has caught up, that studio is read from the primary. */
  primaryChanged(studioId: string): void {
    const version = this.primary.versionOf(studioId);
    if (version === undefined || (this.versions.get(studioId) ?? -1) < version) this.behind.add(studioId);
  }

  markDown(error: unknown): void {
    this.set(false, `a read failed: ${(error as Error)?.message ?? String(error)}`);
  }

  async check(): Promise<void> {
    try {
      // A replica that hangs (rather than refusing) is as good as down: the check gives up on it.
      const [lag, stamps] = await withDeadline(Promise.all([replicationLag(this.replica), readStudioStamps(this.replica)]), CHECK_DEADLINE_MS);
      this.versions = new Map(stamps.map((stamp) => [stamp.id, stamp.version]));
      const behind = new Set<string>();
      for (const { id, version } of this.primary.all()) if ((this.versions.get(id) ?? -1) < version) behind.add(id);
      this.behind = behind;
      if (lag === 'stopped') this.set(false, 'replication is not running');
      else if (lag !== 'unknown' && lag > this.options.maxLagSeconds) this.set(false, `${lag} s behind the primary`);
      else this.set(true, lag === 'unknown' ? 'reachable (replication status not readable)' : `${lag} s behind the primary`);
    } catch (error) {
      this.set(false, `unreachable: ${(error as Error)?.message ?? String(error)}`);
    }
  }

  start(intervalMs: number): void {
    this.running = true;
    const tick = () => {
      void this.check().finally(() => {
        if (this.running) this.timer = setTimeout(tick, intervalMs).unref();
      });
    };
    tick();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  private set(up: boolean, reason: string): void {
    const changed = up !== this.up || !this.told;
    this.up = up;
    this.told = true;
    if (changed) this.options.onStateChange(up, reason);
  }
}

/**
 * Seconds the replica is behind (Seconds_Behind_Master on MariaDB, Seconds_Behind_Source on MySQL),
 * 'stopped' when its SQL thread does not run, 'unknown' when the status cannot be read (no
 * replication privilege, or a managed read endpoint that is no replica of its own).
 */
async function replicationLag(db: Kysely<Database>): Promise<number | 'stopped' | 'unknown'> {
  let rows: Record<string, unknown>[];
  try {
    rows = (await sql<Record<string, unknown>>`SHOW REPLICA STATUS`.execute(db)).rows;
  } catch (error) {
    if (isUnreachableError(error)) throw error;
    try {
      rows = (await sql<Record<string, unknown>>`SHOW SLAVE STATUS`.execute(db)).rows;
    } catch (again) {
      if (isUnreachableError(again)) throw again;
      return 'unknown';
    }
  }
  const status = rows[0];
  if (!status) return 'unknown';
  const running = status.Slave_SQL_Running ?? status.Replica_SQL_Running;
  const lag = status.Seconds_Behind_Master ?? status.Seconds_Behind_Source;
  if (running !== 'Yes' || lag === null || lag === undefined) return 'stopped';
  return Number(lag);
}

/**
 * One reader over the primary and the replica: each call goes to the replica while `health` allows
 * it for the call's studio (named by `studioOf`, undefined for a read by a global id), else to the
 * primary. A replica that cannot be reached is marked down and the call is answered by the primary.
 */
export function routeReads<T extends object>(primary: T, replica: T, health: ReplicaHealth, studioOf: (method: string, args: unknown[]) => string | undefined): T {
  return new Proxy(primary, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const onReplica = Reflect.get(replica, property) as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        if (!health.usable(studioOf(property, args))) return value.apply(target, args);
        try {
          return await onReplica.apply(replica, args);
        } catch (error) {
          if (!isUnreachableError(error)) throw error;
          health.markDown(error);
          return value.apply(target, args);
        }
      };
    },
  });
}
