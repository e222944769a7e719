import { describe, expect, it } from 'vitest';
import { LOST_RACE, retryOnConflict } from '../src/retry-on-conflict.js';

describe('retryOnConflict', () => {
  it('decides on the record the caller read, then on a fresh read after each lost race', async () => {
    const versions = [2, 3];
    const seen: number[] = [];
    const result = await retryOnConflict(
      async () => versions.shift()!,
      async (v) => {
        seen.push(v);
        return v < 3 ? LOST_RACE : `written at ${v}`;
      },
      { attempts: 4, first: 1, exhausted: () => new Error('busy') },
    );
    expect(result).toBe('written at 3');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('reads first when the caller has nothing, and throws the exhausted error after the last lost race', async () => {
    let reads = 0;
    await expect(
      retryOnConflict(
        async () => ++reads,
        async () => LOST_RACE,
        { attempts: 3, exhausted: () => new Error('kept changing') },
      ),
    ).rejects.toThrow('kept changing');
    expect(reads).toBe(3);
  });

  it('lets a decision end early or refuse', async () => {
    await expect(
      retryOnConflict(
        async () => 1,
        async () => 'nothing to do',
        { attempts: 3, exhausted: () => new Error('x') },
      ),
    ).resolves.toBe('nothing to do');
    await expect(
      retryOnConflict(
        async () => 1,
        async () => {
          throw new Error('refused');
        },
        { attempts: 3, exhausted: () => new Error('x') },
      ),
    ).rejects.toThrow('refused');
  });
});
