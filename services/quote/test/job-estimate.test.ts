import { describe, expect, it } from 'vitest';
import {
  estimateJob,
  itemsVolumeM3,
  loadingSeconds,
  suggestVan,
  VAN_CAPACITY_M3,
  type ItemLine,
} from '@vanhop/contracts';
import { hoursProblem } from '@vanhop/contracts';
import { HOUSE_CARD } from '@vanhop/contracts';
import { priceMove } from '../src/domain/pricing.js';

// NW2 → Croydon → Manchester as the offline router measures it: 241.1 miles, about 6 h 10 min.
const MANCHESTER_DRIVE = 6 * 3600 + 10 * 60;

describe('the job estimate: drive + loading = suggested hours', () => {
  it('suggests hours that cover the Manchester drive and the Large van loading', () => {
    const e = estimateJob({
      vanSize: 'Large',
      helpLevel: 'Driver-Help',
      flights: [0, 0, 0],
      driveSeconds: MANCHESTER_DRIVE,
    });
    expect(e.loadingSeconds).toBe(5400); // the Large van's 1 h 30 min (docs/PRICING.md)
    expect(e.suggestedHours).toBe(8); // 6 h 10 + 1 h 30 = 7 h 40, up to the half hour
    expect(e.hoursCoveringDrive).toBe(6.5);
    expect(e.overLongestBooking).toBe(false);
  });

  it('refuses hours that cannot cover the drive, naming the minimum and the suggestion', () => {
    const e = estimateJob({
      vanSize: 'Large',
      helpLevel: 'Driver-Help',
      flights: [0, 0, 0],
      driveSeconds: MANCHESTER_DRIVE,
    });
    expect(hoursProblem(e, 2)).toBe(
      '2 h cannot cover this move: the drive alone takes about 6 h 10 min. Book at least 6 h 30 min; we suggest 8 h with loading and unloading.',
    );
    expect(hoursProblem(e, 6.5)).toBeNull();
    expect(hoursProblem(e, undefined)).toBeNull();
  });

  it('scales loading by the help booked and the stairs', () => {
    const base = { vanSize: 'Medium' as const, flights: [0, 0] };
    expect(loadingSeconds({ ...base, helpLevel: 'Driver-Help' })).toBe(3600);
    expect(loadingSeconds({ ...base, helpLevel: 'No-Help' })).toBe(5400); // the driver only drives: 1.5 ×
    expect(loadingSeconds({ ...base, helpLevel: 'Driver-Plus-One' })).toBe(2700);
    expect(loadingSeconds({ ...base, helpLevel: 'Driver-Plus-Two' })).toBe(2400); // 0.6 × 60 min = 36, up to 40
    // 2 + 3 flights: +50 %
    expect(loadingSeconds({ vanSize: 'Medium', helpLevel: 'Driver-Help', flights: [2, 3] })).toBe(5400);
  });

  it('estimates loading from the item list when there is one, and suggests the van it fits', () => {
    const items: ItemLine[] = [
      { id: 'sofa-3-seat', count: 1 },
      { id: 'double-bed', count: 1 },
      { id: 'wardrobe', count: 1 },
      { id: 'fridge-freezer', count: 1 },
      { id: 'boxes', count: 20 },
      { id: 'other', count: 1, name: 'Piano stool' },
    ];
    // 1.5 + 1.5 + 1.5 + 1.0 + 20 × 0.07 + 0.3 = 7.2 m³
    expect(itemsVolumeM3(items)).toBe(7.2);
    // 7.2 m³ × 12 min = 86.4 min, up to 90
    expect(loadingSeconds({ vanSize: 'Small', helpLevel: 'Driver-Help', flights: [0, 0], items })).toBe(5400);
    const e = estimateJob({ vanSize: 'Small', helpLevel: 'Driver-Help', flights: [0, 0], items, driveSeconds: 1500 });
    expect(e).toMatchObject({ volumeM3: 7.2, suggestedVan: 'Large', fitsOneVan: true, suggestedHours: 2 }); // 25 + 90 min
  });

  it('picks the smallest van at 80 % of its load space, and says when even a Luton is too small', () => {
    expect(VAN_CAPACITY_M3).toEqual({ Small: 2.1, Medium: 5.7, Large: 9.8, Luton: 17.6 });
    expect(suggestVan(0.5)).toEqual({ van: 'Small', fits: true });
    expect(suggestVan(1.7)).toEqual({ van: 'Medium', fits: true });
    expect(suggestVan(7.8)).toEqual({ van: 'Large', fits: true });
    expect(suggestVan(14)).toEqual({ van: 'Luton', fits: true });
    expect(suggestVan(30)).toEqual({ van: 'Luton', fits: false });
  });

  it('keeps suggestions on the hour select (1 to 20½ h) and flags a job longer than that', () => {
    expect(
      estimateJob({ vanSize: 'Small', helpLevel: 'Driver-Help', flights: [0, 0], driveSeconds: 60 }).suggestedHours,
    ).toBe(1);
    const far = estimateJob({ vanSize: 'Luton', helpLevel: 'No-Help', flights: [0, 0], driveSeconds: 20 * 3600 });
    expect(far.suggestedHours).toBe(20.5);
    expect(far.overLongestBooking).toBe(true);
  });
});

describe('overtime a customer can read', () => {
  it("is half the driver's hourly rate for the van, help and stairs, not the total spread over the hours", () => {
    // Manchester, Large + Driver-Help, 8 h: 241.1 miles × £1.50 and a via stop are in the total, not in overtime.
    const p = priceMove(
      {
        vanSize: 'Large',
        helpLevel: 'Driver-Help',
        bookedHours: 8,
        flights: [0, 0, 0],
        viaStops: 1,
        routeMiles: 241.1,
        now: new Date('2026-01-15T08:00:00Z'),
      },
      HOUSE_CARD,
    );
    expect(p.overtimePerHalfHourPence).toBe(2500); // (£45 + £5) / 2
    expect(p.totalPence).toBe(8 * 5000 + 36165 + 2000);
  });
});
