import { describe, expect, it } from 'vitest';
import {
  boundsProblems,
  cardOutsideBounds,
  defaultBounds,
  diffDrivers,
  flattenNumbers,
} from '../src/domain/driver-admin.js';
import { HOUSE_CARD } from '@vanhop/contracts';
import { DEMO_DRIVERS } from '../src/domain/demo-drivers.js';

describe('driver card bounds and audit diffs (pure)', () => {
  it('flattens every number of a card to a dotted path, leaving the hour list out', () => {
    const flat = flattenNumbers(HOUSE_CARD);
    expect(flat['vanPerHourPence.Luton']).toBe(5500);
    expect(flat['helpersPerHourPence.Driver-Plus-Two']).toBe(6500);
    expect(flat.minimumHours).toBe(2);
    expect(Object.keys(flat)).toHaveLength(4 + 4 + 4 + 7);
    expect(flat).not.toHaveProperty('outOfHoursStartHours');
  });

  it('default bounds hold the house card and every demo driver card', () => {
    expect(cardOutsideBounds(HOUSE_CARD, defaultBounds())).toEqual({});
    for (const d of DEMO_DRIVERS) expect(cardOutsideBounds(d.card, defaultBounds()), d._id).toEqual({});
    expect(defaultBounds().min.vanPerHourPence.Large).toBe(2250);
    expect(defaultBounds().max.vanPerHourPence.Large).toBe(9000);
    expect(boundsProblems(defaultBounds())).toEqual({});
  });

  it('names each number outside its bounds with the allowed range; the edges are allowed', () => {
    const bounds = defaultBounds();
    expect(cardOutsideBounds({ ...HOUSE_CARD, viaStopPence: bounds.max.viaStopPence }, bounds)).toEqual({});
    expect(cardOutsideBounds({ ...HOUSE_CARD, viaStopPence: bounds.min.viaStopPence }, bounds)).toEqual({});
    expect(
      cardOutsideBounds(
        {
          ...HOUSE_CARD,
          viaStopPence: bounds.max.viaStopPence + 1,
          vanPerHourPence: { ...HOUSE_CARD.vanPerHourPence, Small: 100 },
        },
        bounds,
      ),
    ).toEqual({
      'card.viaStopPence': 'Must be from 1000 to 4000',
      'card.vanPerHourPence.Small': 'Must be from 1750 to 7000',
    });
  });

  it('refuses bounds whose minimum is above the maximum', () => {
    const b = defaultBounds();
    expect(boundsProblems({ min: { ...b.min, minimumHours: 5 }, max: b.max })).toEqual({
      'cardBounds.min.minimumHours': 'The minimum must not be above the maximum',
    });
  });

  it('diffs only what changed, one card number per line, and never copies an uploaded photo into the log', () => {
    const before = DEMO_DRIVERS[0]!;
    const after = {
      ...before,
      phone: '07700900999',
      card: { ...before.card, viaStopPence: 2500 },
      photoUrl: `data:image/png;base64,${'A'.repeat(1000)}`,
    };
    expect(diffDrivers(before, after)).toEqual({
      phone: { from: before.phone, to: '07700900999' },
      'card.viaStopPence': { from: 2000, to: 2500 },
      photo: { from: null, to: 'uploaded image (1022 chars)' },
    });
    expect(diffDrivers(before, { ...before })).toEqual({});
  });
});
