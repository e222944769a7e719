import type { Cache } from '../ports/cache.js';
import type { Clock } from '../clock.js';
import { systemClock } from '../clock.js';

interface Entry {
  value: string;
  expiresAt: number;
}

/** Single-process cache with lazy expiry; entries are swept when read or when the map grows. */
export class MemoryCache implements Cache {
  private readonly entries = new Map<string, Entry>();
  private closed = false;

  constructor(
    private readonly clock: Clock = systemClock,
    private readonly maxEntries = 100_000,
  ) {}

  async get(key: string): Promise<string | null> {
    const e = this.live(key);
    return e ? e.value : null;
  }

  async set(key: string, value: string, ttlSeconds?: number): Promise<void> {
    if (this.entries.size >= this.maxEntries) this.sweep();
    const expiresAt = ttlSeconds ? this.now() + ttlSeconds * 1000 : Number.POSITIVE_INFINITY;
    this.entries.set(key, { value, expiresAt });
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }> {
    const e = this.live(key);
    if (!e) {
      await this.set(key, '1', windowSeconds);
      return { count: 1, resetSeconds: windowSeconds };
    }
    const count = Number(e.value) + 1;
    e.value = String(count);
    return { count, resetSeconds: Math.max(0, Math.ceil((e.expiresAt - this.now()) / 1000)) };
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('Cache is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.entries.clear();
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  private live(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e && e.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  private sweep(): void {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    if (this.entries.size >= this.maxEntries) {
      // Still full of live keys: drop the oldest inserted rather than grow without bound.
      const excess = this.entries.size - this.maxEntries + 1;
      let i = 0;
      for (const k of this.entries.keys()) {
        if (i++ >= excess) break;
        this.entries.delete(k);
      }
    }
  }
}
