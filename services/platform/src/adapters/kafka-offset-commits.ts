export interface PartitionOffset {
  topic: string;
  partition: number;
  /** The next offset to read: the handled message's offset + 1. */
  offset: string;
}

/**
 * The offsets one consumer has handled and not yet committed, committed together at most
 * `everyMs` after the first of them instead of one round trip to the group coordinator per event.
 * At-least-once holds: an offset is noted only once its message was handled (or parked on the
 * dead-letter topic), and per partition messages are handled in order, so a commit never passes a
 * message that was not handled. A crash before the commit redelivers at most `everyMs` worth of
 * events to the partition's next owner, and handlers dedupe on eventId.
 */
export class OffsetCommits {
  private readonly pending = new Map<string, PartitionOffset>();
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly commit: (offsets: PartitionOffset[]) => Promise<void>,
    private readonly everyMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Notes a handled message; it is committed within `everyMs` (or by the next {@link flush}). */
  add(offset: PartitionOffset): void {
    const key = `${offset.topic}/${offset.partition}`;
    const known = this.pending.get(key);
    if (!known || BigInt(known.offset) < BigInt(offset.offset)) this.pending.set(key, offset);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush().catch(this.onError);
    }, this.everyMs);
    this.timer.unref();
  }

  /** Commits everything noted so far, after any commit in flight; throws when the commit fails. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.inFlight !== null) await this.inFlight.catch(() => undefined);
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    this.inFlight = this.commit(batch)
      .catch((err: unknown) => {
        // Kept for the next commit unless a later offset of the partition came meanwhile.
        for (const o of batch)
          if (!this.pending.has(`${o.topic}/${o.partition}`)) this.pending.set(`${o.topic}/${o.partition}`, o);
        throw err;
      })
      .finally(() => {
        this.inFlight = null;
      });
    await this.inFlight;
  }

  /** How many partitions have a handled offset waiting for its commit. */
  get size(): number {
    return this.pending.size;
  }

  /** Forgets what is not committed yet (a consumer replaced): its next owner reads those events again. */
  drop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending.clear();
  }
}
