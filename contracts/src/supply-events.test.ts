import { describe, expect, it } from 'vitest';
import { driverCardChangedSchema, driverTimeChangedSchema } from './schemas/supply.js';

const window = { from: '2026-03-03T10:00:00.000Z', to: '2026-03-03T12:00:00.000Z' };
const base = { bookingId: 'b1', driverId: 'd1', revision: 1 };

const errorsOf = async (schema: typeof driverTimeChangedSchema | typeof driverCardChangedSchema, v: unknown) => {
  try {
    await schema.validate(v, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as { inner: { path: string }[] }).inner.map((e) => e.path).sort();
  }
};

describe('the supply events', () => {
  it('driver-time.changed: held time needs its window and expiry, kept its window, given back neither', async () => {
    expect(
      await errorsOf(driverTimeChangedSchema, { ...base, state: 'held', ...window, expiresAt: window.from }),
    ).toEqual([]);
    expect(await errorsOf(driverTimeChangedSchema, { ...base, state: 'held', ...window })).toEqual(['expiresAt']);
    expect(await errorsOf(driverTimeChangedSchema, { ...base, state: 'kept' })).toEqual(['from', 'to']);
    expect(await errorsOf(driverTimeChangedSchema, { ...base, state: 'given-back' })).toEqual([]);
    expect(await errorsOf(driverTimeChangedSchema, { ...base, revision: 0, state: 'lapsed' })).toEqual([
      'from',
      'revision',
      'state',
      'to',
    ]);
    expect(
      await errorsOf(driverTimeChangedSchema, {
        ...base,
        state: 'given-back',
        job: { from: 'soon', to: window.to, pickup: 'Brixton SW2' },
      }),
    ).toEqual(['job.dropoff', 'job.from']);
  });

  it('driver.card-changed: the card pricing reads, documents reduced to their expiry dates', async () => {
    const card = {
      name: 'Ali Hassan',
      email: 'ali@drivers.example',
      phone: '07700900001',
      homeBase: { label: 'Cricklewood NW2', lat: 51.55, lng: -0.22 },
      serviceRadiusMiles: 35,
      vanSizes: ['Large'],
      helpLevels: ['Driver-Help'],
      card: { minimumHours: 2 },
      rating: 4.8,
      reviewCount: 212,
      ulezCompliant: true,
      active: true,
      documents: { insurance: { expiresOn: '2026-05-01', reference: 'kept out' }, licence: null },
    };
    const valid = await driverCardChangedSchema.validate({ driverId: 'd1', revision: 3, active: true, card });
    expect(valid.card.documents).toEqual({
      insurance: { expiresOn: '2026-05-01', reference: 'kept out' },
      licence: null,
    });
    expect(
      await errorsOf(driverCardChangedSchema, {
        driverId: 'd1',
        revision: 1,
        active: true,
        card: { ...card, homeBase: { label: 'x', lat: 91, lng: 0 }, documents: { insurance: { expiresOn: 'May' } } },
      }),
    ).toEqual(['card.documents.insurance.expiresOn', 'card.homeBase.lat']);
  });
});
