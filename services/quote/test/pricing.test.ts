import { describe, expect, it } from 'vitest';
import { cardAround, HOUSE_CARD } from '@vanhop/contracts';
import { isOutOfHours, mileagePence, priceMove, type MoveToPrice } from '../src/domain/pricing.js';

const NOW = new Date('2026-01-15T08:00:00Z'); // 08:00 in London (GMT)
const move = (over: Partial<MoveToPrice>): MoveToPrice => ({
  vanSize: 'Large',
  helpLevel: 'Driver-Help',
  bookedHours: 3,
  flights: [0, 0],
  viaStops: 0,
  routeMiles: 0,
  start: new Date('2026-01-20T10:00:00Z'),
  now: NOW,
  ...over,
});

describe('pricing engine on the house card', () => {
  it('prices the reference move at £195.00', () => {
    // 3 h × (£45 van + £5 help) = £150; stairs £5 × 3 h × 2 flights = £30; 10 miles × £1.50 = £15.
    const p = priceMove(move({ flights: [1, 1], routeMiles: 10 }), HOUSE_CARD);
    expect(p.totalPence).toBe(19500);
    expect(p.billableHours).toBe(3);
    expect(p.totalSecond).toBe(10800);
    expect(p.overtimePerHalfHourPence).toBe(3000); // half of (£45 van + £5 help + £5 × 2 flights) an hour, mileage left out
    expect(p.depositsPence).toEqual({ 30: 5850, 50: 9750, 100: 19500 });
    expect(p.lines.map((l) => l.pence)).toEqual([13500, 1500, 3000, 1500]);
  });

  it('bills at least 2 hours and charges no miles under 5', () => {
    // Small, no help, 1 h booked: 2 h × £35 = £70; 4.99 miles are free.
    const p = priceMove(
      move({ vanSize: 'Small', helpLevel: 'No-Help', bookedHours: 1, routeMiles: 4.99, flights: [3, 2] }),
      HOUSE_CARD,
    );
    expect(p.totalPence).toBe(7000);
    expect(p.totalSecond).toBe(7200);
    expect(p.overtimePerHalfHourPence).toBe(1750);
  });

  it('prices a draft without hours or date on the minimum hours and no surcharges', () => {
    const p = priceMove(move({ bookedHours: undefined, start: undefined, routeMiles: 7.2 }), HOUSE_CARD);
    // 2 h × £50 = £100; 7.2 × £1.50 = £10.80
    expect(p.totalPence).toBe(11080);
    expect(p.billableHours).toBe(2);
  });

  it('charges every mile from 5 miles on', () => {
    expect(mileagePence(5, HOUSE_CARD)).toBe(750);
    expect(mileagePence(4.999, HOUSE_CARD)).toBe(0);
    expect(mileagePence(12.34, HOUSE_CARD)).toBe(1851);
  });

  it('adds via stops, short notice and an evening start', () => {
    // Luton + Driver-Plus-Two, 4.5 h: 4.5 × (£55 + £65) = £540; stairs £15 × 4.5 × 5 = £337.50;
    // 23.4 miles × £1.50 = £35.10; one via stop £20; starts 90 min from now £20; 19:30 start £20.
    const now = new Date('2026-01-15T18:00:00Z');
    const p = priceMove(
      move({
        vanSize: 'Luton',
        helpLevel: 'Driver-Plus-Two',
        bookedHours: 4.5,
        flights: [2, 0, 3],
        viaStops: 1,
        routeMiles: 23.4,
        start: new Date('2026-01-15T19:30:00Z'),
        now,
      }),
      HOUSE_CARD,
    );
    expect(p.totalPence).toBe(97260);
    // half of (£55 + £65 + £15 × 5 flights) = £97.50: via stop, mileage and surcharges are not overtime
    expect(p.overtimePerHalfHourPence).toBe(9750);
    expect(p.depositsPence[30]).toBe(29178);
    expect(p.lines.map((l) => l.label)).toContain('Short-notice booking');
    expect(p.lines.map((l) => l.label)).toContain('Early or evening start');
  });

  it('applies the out-of-hours surcharge at 06:xx, 19:xx and 20:xx London time only', () => {
    const at = (iso: string) => isOutOfHours(new Date(iso), HOUSE_CARD);
    expect(at('2026-01-20T06:45:00Z')).toBe(true);
    expect(at('2026-01-20T07:00:00Z')).toBe(false);
    expect(at('2026-01-20T18:45:00Z')).toBe(false);
    expect(at('2026-01-20T20:45:00Z')).toBe(true);
    expect(at('2026-01-20T21:00:00Z')).toBe(false);
    expect(at('2026-07-20T05:30:00Z')).toBe(true); // 06:30 BST
    expect(at('2026-07-20T18:00:00Z')).toBe(true); // 19:00 BST
  });

  it('adds the late-booking surcharge only under 2 hours ahead', () => {
    const start = new Date('2026-01-15T12:00:00Z');
    const late = priceMove(move({ start, now: new Date('2026-01-15T10:01:00Z') }), HOUSE_CARD);
    const onTime = priceMove(move({ start, now: new Date('2026-01-15T10:00:00Z') }), HOUSE_CARD);
    expect(late.totalPence - onTime.totalPence).toBe(2000);
  });
});

describe('driver cards around the house card', () => {
  it('scales hourly rates on 50p steps and keeps the rest', () => {
    const card = cardAround(1.1, { viaStopPence: 1500 });
    expect(card.vanPerHourPence.Large).toBe(4950);
    expect(card.helpersPerHourPence['Driver-Help']).toBe(550);
    expect(card.viaStopPence).toBe(1500);
    expect(card.minimumHours).toBe(2);
    // the reference move on this card: 3 × (49.50 + 5.50) + 5.50 × 3 × 2 + 15 = 165 + 33 + 15
    expect(priceMove(move({ flights: [1, 1], routeMiles: 10 }), card).totalPence).toBe(21300);
  });
});
