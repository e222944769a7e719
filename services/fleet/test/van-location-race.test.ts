import { describe, expect, it } from 'vitest';
import type { VanPosition } from '@vanhop/contracts';
import { VanLocation } from '../src/app/van-location.js';
import type { JobDoc, VanPositionStore } from '../src/domain/ports.js';

/** A position arriving while the driver marks "Arrived" is not kept after the arrival. */
describe('VanLocation.share racing the arrival', () => {
  it('drops the position it saved when the job left "On my way" meanwhile', async () => {
    const kept = new Map<string, VanPosition>();
    const positions: VanPositionStore = {
      save: async (id, p) => void kept.set(id, p),
      latest: async (id) => kept.get(id) ?? null,
      forget: async (id) => void kept.delete(id),
      countSent: async () => 1,
    };
    const job = { driverId: 'drv-1', status: 'accepted', bookingState: 'active', progress: 'on-my-way' } as JobDoc;
    let reads = 0;
    const van = new VanLocation({
      // The first read sees the van on the way; by the second the driver has marked "Arrived".
      jobs: { findById: async () => (reads++ === 0 ? job : { ...job, progress: 'arrived' }) },
      positions,
      geo: { geocode: async () => null },
    });
    await van.share('drv-1', 'bk-1', { lat: 51.5, lng: -0.2, accuracyMetres: 5, at: '2026-01-16T09:00:00.000Z' });
    expect(kept.has('bk-1')).toBe(false);
  });
});
