import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_MSG } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { HOUSE_CARD } from '@vanhop/contracts';
import { defaultBounds } from '../src/domain/driver-admin.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { NOW, startQuote } from './support.js';

const clock = fixedClock(NOW);
const DRIVER = 'drv-ali-hassan';

describe("a driver's own card (quote PUT /api/driver/me/card)", () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const api = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const res = await fetch(`${svc.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const answer: any = await res.json();
    return { status: res.status, body: answer };
  };
  const putCard = (hours: number[]) =>
    api('PUT', '/api/driver/me/card', { ...HOUSE_CARD, outOfHoursStartHours: hours }, driverAuth(DRIVER, { clock }));

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true' });
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('keeps out-of-hours start hours within the bounds, as every number of the card', async () => {
    const midday = await putCard([6, 11, 12, 19]);
    expect(midday.status).toBe(400);
    expect(midday.body.errors['card.outOfHoursStartHours']).toBe(DRIVER_MSG.hoursOutsideBounds('0-6, 19-23'));
    expect((await putCard([...Array(24).keys()])).status).toBe(400);

    const evening = await putCard([6, 20, 21]);
    expect(evening.status, JSON.stringify(evening.body)).toBe(200);
    expect(evening.body.card.outOfHoursStartHours).toEqual([6, 20, 21]);
    expect(evening.body.cardBounds.outOfHoursStartHours).toEqual(defaultBounds().outOfHoursStartHours);
  });

  it('staff are held to the same bounds, and may set the hours bound themselves', async () => {
    const staff = staffAuth('Sam_Admin', { clock });
    const bad = await api(
      'PATCH',
      `/api/drivers/admin/${DRIVER}`,
      { card: { ...HOUSE_CARD, outOfHoursStartHours: [12] } },
      staff,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors['card.outOfHoursStartHours']).toBe(DRIVER_MSG.hoursOutsideBounds('0-6, 19-23'));

    const widened = await api(
      'PATCH',
      `/api/drivers/admin/${DRIVER}`,
      { cardBounds: { ...defaultBounds(), outOfHoursStartHours: [6, 7, 19, 20, 21] } },
      staff,
    );
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    expect((await putCard([7])).status).toBe(200);
    expect((await putCard([22])).body.errors['card.outOfHoursStartHours']).toBe(
      DRIVER_MSG.hoursOutsideBounds('6-7, 19-21'),
    );

    // Bounds sent without hours (the staff form) keep the hours bound held.
    const { outOfHoursStartHours: _h, ...numbersOnly } = defaultBounds();
    const kept = await api('PATCH', `/api/drivers/admin/${DRIVER}`, { cardBounds: numbersOnly }, staff);
    expect(kept.body.cardBounds.outOfHoursStartHours).toEqual([6, 7, 19, 20, 21]);
  });
});
