import { describe, expect, it } from 'vitest';
import { retry } from '../src/index.js';

class Busy extends Error {}

/** An attempt that fails with each of `failures` in turn, then answers 'done'. */
function failing(...failures: Error[]) {
  const tries: number[] = [];
  const attempt = async (n: number) => {
    tries.push(n);
    const failure = failures.shift();
    if (failure) throw failure;
    return 'done';
  };
  return { attempt, tries };
}

describe('retry', () => {
  it('tries again after an error it is told to retry, and answers the first success', async () => {
    const { attempt, tries } = failing(new Busy(), new Busy());
    await expect(retry(attempt, { attempts: 3, retryOn: (err) => err instanceof Busy })).resolves.toBe('done');
    expect(tries).toEqual([1, 2, 3]);
  });

  it('throws any other error at once', async () => {
    const { attempt, tries } = failing(new TypeError('bug'));
    await expect(retry(attempt, { attempts: 3, retryOn: (err) => err instanceof Busy })).rejects.toThrow('bug');
    expect(tries).toEqual([1]);
  });

  it('retries no error unless told which', async () => {
    const { attempt, tries } = failing(new Busy());
    await expect(retry(attempt, { attempts: 3 })).rejects.toBeInstanceOf(Busy);
    expect(tries).toEqual([1]);
  });

  it('throws the last error when every attempt failed', async () => {
    const last = new Busy('third');
    const { attempt, tries } = failing(new Busy('first'), new Busy('second'), last);
    await expect(retry(attempt, { attempts: 3, retryOn: () => true })).rejects.toBe(last);
    expect(tries).toEqual([1, 2, 3]);
  });

  it('pauses for the given delay after each failed try, through the injected sleep', async () => {
    const slept: number[] = [];
    const { attempt } = failing(new Busy(), new Busy(), new Busy());
    await retry(attempt, {
      attempts: 4,
      retryOn: () => true,
      delayMs: (n) => [250, 500, 1000][n - 1]!,
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    expect(slept).toEqual([250, 500, 1000]);
  });

  it('does not pause after the last try', async () => {
    const slept: number[] = [];
    const { attempt } = failing(new Busy(), new Busy());
    const sleep = async (ms: number) => {
      slept.push(ms);
    };
    await expect(retry(attempt, { attempts: 2, retryOn: () => true, delayMs: () => 10, sleep })).rejects.toThrow();
    expect(slept).toEqual([10]);
  });

  it('tries again on an answer that counts as a failure, and returns the last answer when none passes', async () => {
    const answers = ['not ready', 'ready', 'never asked'];
    const again = (value: string) => value !== 'ready';
    await expect(retry(async () => answers.shift()!, { attempts: 3, retryIf: again })).resolves.toBe('ready');
    expect(answers).toEqual(['never asked']);
    await expect(retry(async () => 'not ready', { attempts: 2, retryIf: again })).resolves.toBe('not ready');
  });

  it('tells onRetry about each failed try that is followed by another', async () => {
    const told: unknown[] = [];
    const first = new Busy();
    const { attempt } = failing(first);
    await retry(attempt, { attempts: 3, retryOn: () => true, onRetry: (failure) => told.push(failure) });
    expect(told).toEqual([{ attempt: 1, error: first }]);
  });
});
