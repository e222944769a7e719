/** Key/value cache with expiry, and fixed-window rate limiting, shared by all instances of a service. */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Counts one hit in the current window of `windowSeconds`; returns the count so far and the seconds until reset. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
