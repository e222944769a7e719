import { describe, expect, it } from 'vitest';
import { OffsetCommits, type PartitionOffset } from '../src/adapters/kafka-offset-commits.js';
import { eventually } from './contracts/eventually.js';

const HOUR = 3_600_000;
const at = (partition: number, offset: number): PartitionOffset => ({
  topic: 'orders',
  partition,
  offset: `${offset}`,
});

function recorder(failures: Error[] = []) {
  const batches: PartitionOffset[][] = [];
  return {
    batches,
    commit: async (offsets: PartitionOffset[]) => {
      batches.push(offsets);
      const failure = failures.shift();
      if (failure) throw failure;
    },
  };
}

describe('OffsetCommits: handled offsets committed together', () => {
  it('commits the latest handled offset of each partition in one request', async () => {
    const r = recorder();
    const commits = new OffsetCommits(r.commit, HOUR, () => undefined);
    commits.add(at(0, 5));
    commits.add(at(0, 7));
    commits.add(at(1, 3));
    commits.add(at(0, 6)); // never backwards
    expect(r.batches).toEqual([]);
    await commits.flush();
    expect(r.batches).toEqual([[at(0, 7), at(1, 3)]]);
    await commits.flush();
    expect(r.batches).toHaveLength(1);
  });

  it('commits by itself once the interval has passed', async () => {
    const r = recorder();
    const commits = new OffsetCommits(r.commit, 1, () => undefined);
    commits.add(at(2, 9));
    await eventually(() => r.batches.length === 1);
    expect(r.batches[0]).toEqual([at(2, 9)]);
  });

  it('keeps what a failed commit held for the next one, unless a later offset came meanwhile', async () => {
    const r = recorder([new Error('REBALANCE_IN_PROGRESS')]);
    const commits = new OffsetCommits(r.commit, HOUR, () => undefined);
    commits.add(at(0, 4));
    commits.add(at(1, 2));
    const failed = commits.flush();
    commits.add(at(1, 8));
    await expect(failed).rejects.toThrow('REBALANCE_IN_PROGRESS');
    expect(commits.size).toBe(2);
    await commits.flush();
    expect(r.batches.at(-1)).toEqual([at(1, 8), at(0, 4)]);
  });

  it('forgets what it held when dropped (a replaced consumer): the next owner reads those events again', async () => {
    const r = recorder();
    const commits = new OffsetCommits(r.commit, HOUR, () => undefined);
    commits.add(at(0, 4));
    commits.drop();
    await commits.flush();
    expect(r.batches).toEqual([]);
  });
});
