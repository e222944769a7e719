import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_MSG } from '@vanhop/contracts';
import { fixedClock } from '@vanhop/platform';
import { HOUSE_CARD } from '@vanhop/contracts';
import { defaultBounds } from '../src/domain/driver-admin.js';
import { driverAuth, staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { address, MOVE_DATE, NOW, startQuote } from './support.js';

const clock = fixedClock(NOW);
const staff = (name = 'Sam_Admin') => staffAuth(name, { clock });

const newDriver = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Driver',
  email: 'Dana@Drivers.example',
  phone: '07700900555',
  vanSizes: ['Large', 'Luton'],
  helpLevels: ['Driver-Help', 'Driver-Plus-One'],
  basePostcode: 'nw6',
  serviceRadiusMiles: 12,
  card: HOUSE_CARD,
  photoUrl: 'https://images.example/dana.jpg',
  ...overrides,
});

describe('staff manage drivers (quote /api/drivers/admin)', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = staff()) => {
    const res = await fetch(`${svc.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true' });
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('lists every driver, the seeded demo drivers included, with default bounds', async () => {
    const res = await api('GET', '/api/drivers/admin');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(10);
    const ali = res.body.find((d: { id: string }) => d.id === 'drv-ali-hassan');
    expect(ali).toMatchObject({
      name: 'Ali Hassan',
      active: true,
      version: 0,
      card: HOUSE_CARD,
      cardBounds: defaultBounds(),
    });
  });

  it('adds a driver: geocodes the base postcode, normalises e-mail and postcode, audits who and what', async () => {
    const res = await api('POST', '/api/drivers/admin', newDriver());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Dana Driver',
      email: 'dana@drivers.example',
      basePostcode: 'NW6',
      active: true,
      version: 1,
      updatedAt: NOW,
    });
    expect(res.body.id).toMatch(/^drv-/);
    expect(res.body.homeBase.label).toContain('NW6');
    const audit = await api('GET', `/api/drivers/admin/${res.body.id}/audit`);
    expect(audit.body).toHaveLength(1);
    expect(audit.body[0]).toMatchObject({ by: 'Sam_Admin', at: NOW, action: 'created', driverId: res.body.id });
    expect(audit.body[0].changes.name).toEqual({ from: null, to: 'Dana Driver' });
    expect(audit.body[0].changes['card.vanPerHourPence.Large']).toEqual({ from: null, to: 4500 });
  });

  it('edits a driver field by field and audits only what changed, from and to', async () => {
    const created = (
      await api('POST', '/api/drivers/admin', newDriver({ name: 'Eve Edit', email: 'eve@drivers.example' }))
    ).body;
    const card = { ...HOUSE_CARD, vanPerHourPence: { ...HOUSE_CARD.vanPerHourPence, Large: 5000 } };
    const res = await api(
      'PATCH',
      `/api/drivers/admin/${created.id}`,
      { phone: '07700900556', card, version: 1 },
      staff('Mo_Manager'),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '07700900556', version: 2, photoUrl: 'https://images.example/dana.jpg' });
    expect(res.body.card.vanPerHourPence.Large).toBe(5000);
    const audit = (await api('GET', `/api/drivers/admin/${created.id}/audit`)).body;
    expect(audit[0]).toMatchObject({ by: 'Mo_Manager', action: 'updated' });
    expect(audit[0].changes).toEqual({
      phone: { from: '07700900555', to: '07700900556' },
      'card.vanPerHourPence.Large': { from: 4500, to: 5000 },
    });
    // A stale editor gets 409 instead of silently overwriting.
    const stale = await api('PATCH', `/api/drivers/admin/${created.id}`, { name: 'Stale Name', version: 1 });
    expect(stale.status).toBe(409);
  });

  it('edits a demo driver (no version yet) and its base postcode', async () => {
    const res = await api('PATCH', '/api/drivers/admin/drv-priya-shah', {
      basePostcode: 'HA0',
      serviceRadiusMiles: 18,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ basePostcode: 'HA0', serviceRadiusMiles: 18, version: 1 });
    const audit = (await api('GET', '/api/drivers/admin/drv-priya-shah/audit')).body;
    expect(audit[0].changes).toEqual({
      basePostcode: { from: null, to: 'HA0' },
      serviceRadiusMiles: { from: 25, to: 18 },
    });
  });

  it('suspends and reactivates with the reason audited; a suspended driver is never offered', async () => {
    const created = (
      await api('POST', '/api/drivers/admin', newDriver({ name: 'Sue Spend', email: 'sue@drivers.example' }))
    ).body;
    const move = {
      addresses: [address('London NW6, UK', 0), address('Cricklewood, UK', 0)],
      vanSize: 'Luton',
      driverHelp: 'Driver-Plus-One',
      hour: 3,
      date: MOVE_DATE,
      description: 'Flat',
      name: 'Jane Doe',
      email: 'jane@example.com',
      phone: '07700900123',
    };
    const offered = async () =>
      ((await api('POST', '/api/booking', move, {})).body.offers as { driverId: string }[]).map((o) => o.driverId);
    expect(await offered()).toContain(created.id);
    const res = await api('POST', `/api/drivers/admin/${created.id}/suspend`, { reason: 'Van failed its MOT' });
    expect(res.status).toBe(200);
    expect(res.body.active).toBe(false);
    const audit = (await api('GET', `/api/drivers/admin/${created.id}/audit`)).body;
    expect(audit[0]).toMatchObject({
      action: 'suspended',
      reason: 'Van failed its MOT',
      changes: { active: { from: true, to: false } },
    });
    expect(await offered()).not.toContain(created.id);
    expect((await api('POST', `/api/drivers/admin/${created.id}/reactivate`)).body.active).toBe(true);
    expect(await offered()).toContain(created.id);
    const recent = (await api('GET', '/api/drivers/admin/audit')).body as { driverId: string; action: string }[];
    expect(
      recent
        .filter((e) => e.driverId === created.id)
        .map((e) => e.action)
        .sort(),
    ).toEqual(['created', 'reactivated', 'suspended']);
  });

  it("keeps an e-mail to one driver: adding or editing with another driver's, in any case, is 409 naming email", async () => {
    const gina = await api(
      'POST',
      '/api/drivers/admin',
      newDriver({ name: 'Gina First', email: 'Gina@Drivers.example' }),
    );
    expect(gina.status).toBe(201);
    const twin = await api(
      'POST',
      '/api/drivers/admin',
      newDriver({ name: 'Gino Second', email: ' GINA@drivers.EXAMPLE ' }),
    );
    expect(twin.status).toBe(409);
    expect(twin.body.errors).toEqual({ email: DRIVER_MSG.emailTaken });

    const ali = (await api('GET', '/api/drivers/admin/drv-ali-hassan')).body;
    const fred = (
      await api('POST', '/api/drivers/admin', newDriver({ name: 'Fred Fresh', email: 'fred@drivers.example' }))
    ).body;
    const edit = await api('PATCH', `/api/drivers/admin/${fred.id}`, {
      email: ali.email.toUpperCase(),
      phone: '07700900999',
      version: fred.version,
    });
    expect(edit.status).toBe(409);
    expect(edit.body.errors).toEqual({ email: DRIVER_MSG.emailTaken });
    // Nothing of the refused edit is kept, nor audited.
    expect((await api('GET', `/api/drivers/admin/${fred.id}`)).body).toMatchObject({
      email: 'fred@drivers.example',
      phone: '07700900555',
      version: fred.version,
    });
    expect((await api('GET', `/api/drivers/admin/${fred.id}/audit`)).body).toHaveLength(1);

    // The driver's own e-mail is no clash; an address given up is free for another driver.
    expect(
      (await api('PATCH', `/api/drivers/admin/${fred.id}`, { email: 'FRED@drivers.example', version: fred.version }))
        .status,
    ).toBe(200);
    expect(
      (
        await api('PATCH', `/api/drivers/admin/${fred.id}`, {
          email: 'fred.new@drivers.example',
          version: fred.version,
        })
      ).status,
    ).toBe(200);
    expect(
      (await api('POST', '/api/drivers/admin', newDriver({ name: 'Fay Follows', email: 'fred@drivers.example' })))
        .status,
    ).toBe(201);
  });

  it('refuses bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newDriver({ name: 'D' }), 'name'],
      [newDriver({ email: 'not-an-email' }), 'email'],
      [newDriver({ phone: '12ab' }), 'phone'],
      [newDriver({ vanSizes: [] }), 'vanSizes'],
      [newDriver({ vanSizes: ['Bus'] }), 'vanSizes[0]'],
      [newDriver({ helpLevels: [] }), 'helpLevels'],
      [newDriver({ basePostcode: 'not a postcode' }), 'basePostcode'],
      [newDriver({ basePostcode: 'QQ9' }), 'basePostcode'],
      [newDriver({ serviceRadiusMiles: 500 }), 'serviceRadiusMiles'],
      [newDriver({ card: { ...HOUSE_CARD, viaStopPence: -1 } }), 'card.viaStopPence'],
      [newDriver({ card: { ...HOUSE_CARD, outOfHoursStartHours: [25] } }), 'card.outOfHoursStartHours[0]'],
      [newDriver({ photoUrl: 'javascript:alert(1)' }), 'photoUrl'],
      [newDriver({ card: { ...HOUSE_CARD, viaStopPence: 90_000 } }), 'card.viaStopPence'],
      [
        newDriver({ cardBounds: { min: { ...defaultBounds().min, viaStopPence: 5000 }, max: defaultBounds().max } }),
        'cardBounds.min.viaStopPence',
      ],
      [newDriver({ name: { $ne: null } }), 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await api('POST', '/api/drivers/admin', body);
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), field).toContain(field);
    }
    expect((await api('GET', '/api/drivers/admin/not-a-driver')).status).toBe(400);
    expect((await api('GET', '/api/drivers/admin/drv-nobody')).status).toBe(404);
    expect((await api('PATCH', '/api/drivers/admin/drv-ali-hassan', { version: 'x' })).status).toBe(400);
  });

  it('needs a staff token here too: none, a forged one and a driver token get 401', async () => {
    const refused: Record<string, string>[] = [
      {},
      { 'x-admin-username': 'Sam_Admin' },
      staffAuth('Sam_Admin', { clock, env: { JWT_SECRET: 'an-attackers-own-secret-of-enough-length-9876' } }),
      driverAuth('drv-ali-hassan', { clock }),
    ];
    for (const headers of refused) {
      expect((await api('GET', '/api/drivers/admin', undefined, headers)).status).toBe(401);
      expect((await api('POST', '/api/drivers/admin', newDriver(), headers)).status).toBe(401);
      expect((await api('PATCH', '/api/drivers/admin/drv-ali-hassan', { name: 'Mallory' }, headers)).status).toBe(401);
      expect((await api('POST', '/api/drivers/admin/drv-ali-hassan/suspend', {}, headers)).status).toBe(401);
      expect((await api('GET', '/api/drivers/admin/drv-ali-hassan/audit', undefined, headers)).status).toBe(401);
    }
  });
});
