import { describe, expect, it } from 'vitest';
import { newestFirstWindows } from '../src/time-windows.js';

describe('newestFirstWindows', () => {
  it('ends each range at the edge, reaches four times further back each time, and ends open', () => {
    const windows = [...newestFirstWindows('2026-03-01T00:00:00.000Z')];
    expect(windows.slice(0, 3)).toEqual([
      { $lte: '2026-03-01T00:00:00.000Z', $gte: '2026-02-28T00:00:00.000Z' },
      { $lte: '2026-03-01T00:00:00.000Z', $gte: '2026-02-25T00:00:00.000Z' },
      { $lte: '2026-03-01T00:00:00.000Z', $gte: '2026-02-13T00:00:00.000Z' },
    ]);
    expect(windows.at(-1)).toEqual({ $lte: '2026-03-01T00:00:00.000Z', $gte: '' });
    expect(windows.length).toBe(11);
  });

  it('an edge that is not a time gets only the open range', () => {
    expect([...newestFirstWindows('not a time')]).toEqual([{ $lte: 'not a time', $gte: '' }]);
  });
});
