/** A studio's change counter (bumped by every import and booking), its catalog version (by imports only) and its time zone. */
export interface StudioStamp {
  id: string;
  version: number;
  /** the change counter as the studio's last import left it: what answers showing only the catalog (calendar feeds) are keyed on */
  catalogVersion: number;
  timezone: string;
}

/** What changed of a studio since the last poll: anything (a booking or an import), and whether its catalog did (an import). */
export interface StudioChange {
  catalog: boolean;
}

/**
 * The change counter and time zone of every studio, kept in memory and refreshed by polling, so a
 * cache hit needs no database round trip. Imports run in another process: the poll is how this
 * server learns of them (within CHANGE_POLL_MS), unless a message over Redis told it sooner (REDIS_URL,
 * shared-state/studio-change-channel.ts). Changes made in this process are applied at once.
 */
export class StudioStamps {
  private stamps = new Map<string, StudioStamp>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly load: () => Promise<StudioStamp[]>,
    private readonly onChange: (studioId: string, change: StudioChange) => void = () => {},
  ) {}

  get(studioId: string): StudioStamp | undefined {
    return this.stamps.get(studioId);
  }

  /** every studio's stamp as last read */
  all(): Iterable<StudioStamp> {
    return this.stamps.values();
  }

  async refresh(): Promise<void> {
    const next = new Map<string, StudioStamp>();
    for (const stamp of await this.load()) next.set(stamp.id, stamp);
    for (const [id, stamp] of this.stamps) {
      const now = next.get(id);
      if (now?.version !== stamp.version) this.onChange(id, { catalog: now?.catalogVersion !== stamp.catalogVersion });
    }
    this.stamps = next;
  }

  /** Polls until stopped; a failed poll keeps the last stamps, so cached answers keep being served. */
  start(intervalMs: number, outcome: { failed(error: unknown): void; succeeded(): void }): void {
    this.running = true;
    const tick = () => {
      this.refresh()
        .then(
          () => outcome.succeeded(),
          (error: unknown) => outcome.failed(error),
        )
        .finally(() => {
          if (this.running) this.timer = setTimeout(tick, intervalMs).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }
}
