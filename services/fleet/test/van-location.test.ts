import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VAN_LOCATION_MSG, VAN_POSITIONS_PER_MINUTE, type VanLocationView } from '@vanhop/contracts';
import { driverAuth, staffAuth } from '../../../test/support/staff.js';
import { MovableClock, startJobDayQuote, type JobDayQuote } from './job-day-support.js';

/** The van live on the map: who may send and read the position, only while on the way, gone at arrival. */
describe('the van on the map (quote: /api/driver/me/jobs/:id/position, the van read by staff and booking)', () => {
  const clock = new MovableClock('2026-01-16T08:30:00.000Z');
  let day: JobDayQuote;
  const ali = () => driverAuth('drv-ali-hassan', { clock });
  const priya = () => driverAuth('drv-priya-shah', { clock });
  const staff = () => staffAuth('Sam_Admin', { clock });
  // Cricklewood Broadway, a couple of miles from the NW2 pickup.
  const here = (over: Record<string, unknown> = {}) => ({
    lat: 51.5567,
    lng: -0.2139,
    accuracyMetres: 12,
    at: clock.now().toISOString(),
    ...over,
  });
  const send = (id: string, body: unknown, who: Record<string, string> = ali()) =>
    day.call('POST', `/api/driver/me/jobs/${id}/position`, who, body);
  const staffRead = (id: string) => day.call<VanLocationView>('GET', `/api/drivers/admin/jobs/${id}/van`, staff());
  const internalRead = (id: string) => day.call<VanLocationView>('GET', `/internal/jobs/${id}/van`);
  const step = (id: string, s: string) => day.call('POST', `/api/driver/me/jobs/${id}/progress`, ali(), { step: s });

  beforeAll(async () => {
    day = await startJobDayQuote({ name: 'van-location', clock, topics: [] });
    await day.start({ JOB_RESPONSE_MINUTES: '120' });
    await day.confirm('bk-1', '2026-01-16T10:00:00.000Z');
    await day.confirm('bk-2', '2026-01-16T15:00:00.000Z');
  });
  afterAll(async () => {
    await day?.stop();
  });

  it('refuses a position before "On my way" (409) and from anyone but the job\'s driver', async () => {
    const early = await send('bk-1', here());
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(VAN_LOCATION_MSG.notOnTheWay);
    expect((await step('bk-1', 'on-my-way')).status).toBe(200);
    expect((await send('bk-1', here(), priya())).status).toBe(404);
    expect((await send('bk-1', here(), staff())).status).toBe(401);
    expect((await send('bk-1', here(), {})).status).toBe(401);
    expect((await staffRead('bk-1')).body).toMatchObject({ onTheWay: true, van: null });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [here({ lat: 91 }), 'lat'],
      [here({ lng: -181 }), 'lng'],
      [here({ lat: 'north' }), 'lat'],
      [here({ accuracyMetres: -1 }), 'accuracyMetres'],
      [here({ at: 'yesterday' }), 'at'],
      [{ lng: 0, accuracyMetres: 5, at: clock.now().toISOString() }, 'lat'],
    ];
    for (const [body, field] of cases) {
      const res = await send('bk-1', body);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), field).toContain(field);
    }
  });

  it('the driver on the way sends the position; staff and the booking service read it with an ETA to the pickup', async () => {
    expect((await send('bk-1', here())).status).toBe(204);
    for (const read of [await staffRead('bk-1'), await internalRead('bk-1')]) {
      expect(read.status).toBe(200);
      expect(read.body.van).toMatchObject({ lat: 51.5567, lng: -0.2139, accuracyMetres: 12 });
      expect(read.body.pickup).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
      expect(read.body.eta!.seconds).toBeGreaterThan(0);
      expect(read.body.eta!.miles).toBeGreaterThan(0);
    }
    // Another job's van is not this one's.
    expect((await staffRead('bk-2')).body.van).toBeNull();
    // A driver token cannot read the staff route.
    expect((await day.call('GET', '/api/drivers/admin/jobs/bk-1/van', ali())).status).toBe(401);
    expect((await day.call('GET', '/api/drivers/admin/jobs/bk-1/van')).status).toBe(401);
  });

  it('keeps only the latest position', async () => {
    expect((await send('bk-1', here({ lat: 51.56, lng: -0.22 }))).status).toBe(204);
    expect((await staffRead('bk-1')).body.van).toMatchObject({ lat: 51.56, lng: -0.22 });
  });

  it('limits the positions one job may send in a minute (429)', async () => {
    clock.set('2026-01-16T14:00:00.000Z');
    expect((await step('bk-2', 'on-my-way')).status).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i <= VAN_POSITIONS_PER_MINUTE; i++) answers.push((await send('bk-2', here())).status);
    expect(answers.slice(0, VAN_POSITIONS_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('drops the position at "Arrived" and refuses any after', async () => {
    expect((await step('bk-1', 'arrived')).status).toBe(200);
    expect((await staffRead('bk-1')).body).toMatchObject({ onTheWay: false, van: null, eta: null });
    expect(await day.svc.infra.cache.get('van-position:bk-1')).toBeNull();
    const late = await send('bk-1', here());
    expect(late.status).toBe(409);
    expect((await internalRead('bk-1')).body.van).toBeNull();
  });

  it('an unknown job reads as 404 on the internal route', async () => {
    expect((await internalRead('bk-none')).status).toBe(404);
  });
});
