/** How `retry` goes about it. */
export interface RetryOptions<T> {
  /** Tries in all, the first included (at least 1). */
  attempts: number;
  /** Which errors are worth another try; any other is thrown at once. Default: none. */
  retryOn?: (err: unknown) => boolean;
  /** An answer that counts as a failure worth another try; after the last try it is returned as it is. */
  retryIf?: (value: T) => boolean;
  /** The pause before try `attempt + 1`, after try `attempt` (from 1) failed. Default: none. */
  delayMs?: (attempt: number) => number;
  /** Waits the pause; tests pass one that returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Told about each failed try that is followed by another (logs, metrics). */
  onRetry?: (failure: { attempt: number; error?: unknown; value?: T }) => void;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Tries `attempt` up to `options.attempts` times: a thrown error that `retryOn` accepts, or an answer
 * that `retryIf` accepts, is followed by a pause (`delayMs`) and another try. The last try's error
 * is thrown, or its answer returned. Only for loops that are just "try, and on this kind of failure
 * try again": a loop that does something different after each kind of failure says so itself.
 */
export async function retry<T>(attempt: (n: number) => Promise<T>, options: RetryOptions<T>): Promise<T> {
  const { attempts, retryOn = () => false, retryIf, delayMs, sleep = realSleep, onRetry } = options;
  for (let n = 1; ; n++) {
    const last = n >= attempts;
    let value: T;
    try {
      value = await attempt(n);
    } catch (error) {
      if (last || !retryOn(error)) throw error;
      onRetry?.({ attempt: n, error });
      await pause(n);
      continue;
    }
    if (last || !retryIf?.(value)) return value;
    onRetry?.({ attempt: n, value });
    await pause(n);
  }

  async function pause(n: number): Promise<void> {
    const ms = delayMs?.(n) ?? 0;
    if (ms > 0) await sleep(ms);
  }
}
