import type { VanPosition } from '@vanhop/contracts';
import type { Cache } from '@vanhop/platform';
import type { VanPositionStore } from '../domain/ports.js';

/**
 * The latest position of each van on its way, in the cache (Redis when configured, else this
 * process's memory): one key per job, so reads need no index, and a short expiry so a phone that
 * stops sending leaves nothing behind. Never in the document store: the position is not kept.
 */
export class VanPositions implements VanPositionStore {
  constructor(
    private readonly cache: Cache,
    private readonly ttlSeconds = 30 * 60,
  ) {}

  private key = (bookingId: string) => `van-position:${bookingId}`;

  async save(bookingId: string, position: VanPosition): Promise<void> {
    await this.cache.set(this.key(bookingId), JSON.stringify(position), this.ttlSeconds);
  }

  async latest(bookingId: string): Promise<VanPosition | null> {
    const raw = await this.cache.get(this.key(bookingId));
    if (!raw) return null;
    try {
      return JSON.parse(raw) as VanPosition;
    } catch {
      return null;
    }
  }

  async forget(bookingId: string): Promise<void> {
    await this.cache.del(this.key(bookingId));
  }

  /** Counts one position of this job in the current minute. */
  async countSent(bookingId: string): Promise<number> {
    return (await this.cache.hit(`van-position-rate:${bookingId}`, 60)).count;
  }
}
