import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '@vanhop/platform';
import { STAFF_LEGACY_LIST_MAX } from '@vanhop/contracts';
import { HOUSE_CARD } from '@vanhop/contracts';
import { DRIVERS, DriverRepository } from '../src/adapters/driver-repository.js';
import { staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { NOW, startQuote } from './support.js';

const staff = () => staffAuth('Sam_Admin', { clock: fixedClock(NOW) });

const newDriver = (name: string, email: string, basePostcode: string) => ({
  name,
  email,
  phone: '07700900555',
  vanSizes: ['Large'],
  helpLevels: ['Driver-Help'],
  basePostcode,
  serviceRadiusMiles: 12,
  card: HOUSE_CARD,
  photoUrl: '',
});

describe('GET /api/drivers/admin/page: the drivers a page at a time, found by name, postcode or standing', () => {
  let svc: Awaited<ReturnType<typeof startQuote>>;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${svc.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...staff() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const names = (body: { items: { name: string }[] }) => body.items.map((d) => d.name);

  beforeAll(async () => {
    svc = await startQuote({ ...TEST_JWT_ENV, SEED_DEMO_DRIVERS: 'true' });
    await api('POST', '/api/drivers/admin', newDriver('Zara Quinn', 'zara@drivers.example', 'SE1'));
    const aaron = await api('POST', '/api/drivers/admin', newDriver('aaron quinn', 'aaron@drivers.example', 'NW2 1AB'));
    await api('POST', `/api/drivers/admin/${aaron.body.id}/suspend`, { reason: 'Van off the road' });
  });
  afterAll(async () => {
    await svc?.cleanup();
  });

  it('walks every driver by name (ignoring case), a page at a time, none twice', async () => {
    const everyone: { name: string; id: string }[] = (await api('GET', '/api/drivers/admin')).body;
    const expected = [...everyone]
      .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id))
      .map((d) => d.name);
    const walked: string[] = [];
    let after = '';
    for (let i = 0; i < 20; i++) {
      const page = await api('GET', `/api/drivers/admin/page?pageSize=5${after ? `&after=${after}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(5);
      walked.push(...names(page.body));
      if (!page.body.next) break;
      after = page.body.next;
    }
    expect(walked).toEqual(expected);
    expect(walked).toHaveLength(12);
  });

  it('finds a driver by the start of a first or last name, or of the base postcode', async () => {
    expect(names((await api('GET', '/api/drivers/admin/page?q=QUINN')).body)).toEqual(['aaron quinn', 'Zara Quinn']);
    expect(names((await api('GET', '/api/drivers/admin/page?q=zar')).body)).toEqual(['Zara Quinn']);
    expect(names((await api('GET', '/api/drivers/admin/page?q=nw2%201a')).body)).toEqual(['aaron quinn']);
    expect((await api('GET', '/api/drivers/admin/page?q=nobody-by-that-name')).body).toEqual({
      items: [],
      pageSize: 20,
      next: null,
    });
  });

  it('keeps only active or only suspended drivers when asked', async () => {
    expect(names((await api('GET', '/api/drivers/admin/page?status=suspended')).body)).toEqual(['aaron quinn']);
    expect(names((await api('GET', '/api/drivers/admin/page?q=quinn&status=active')).body)).toEqual(['Zara Quinn']);
    expect((await api('GET', '/api/drivers/admin/page?status=active&pageSize=100')).body.items).toHaveLength(11);
  });

  it('follows a suspension, a rename and a reactivation in the standing lists', async () => {
    const [zara] = (await api('GET', '/api/drivers/admin/page?q=zara')).body.items;
    await api('POST', `/api/drivers/admin/${zara.id}/suspend`, { reason: 'Insurance lapsed' });
    expect(names((await api('GET', '/api/drivers/admin/page?status=suspended')).body)).toEqual([
      'aaron quinn',
      'Zara Quinn',
    ]);
    const renamed = await api('PATCH', `/api/drivers/admin/${zara.id}`, {
      name: 'Abby Quinn',
      version: zara.version + 1,
    });
    expect(renamed.status).toBe(200);
    expect(names((await api('GET', '/api/drivers/admin/page?status=suspended')).body)).toEqual([
      'aaron quinn',
      'Abby Quinn',
    ]);
    await api('POST', `/api/drivers/admin/${zara.id}/reactivate`);
    expect(names((await api('GET', '/api/drivers/admin/page?status=suspended')).body)).toEqual(['aaron quinn']);
    const active = names((await api('GET', '/api/drivers/admin/page?status=active&pageSize=2')).body);
    expect(active).toEqual(['Abby Quinn', 'Ali Hassan']);
  });

  it('gives drivers stored before the search keys theirs at start-up', async () => {
    const col = svc.infra.store.collection(DRIVERS);
    const [someone] = await col.find({ name: 'aaron quinn' });
    await col.insertOne({
      ...someone!,
      _id: 'drv-legacy',
      name: 'Lena Legacy',
      active: true,
      email: 'lena@drivers.example',
      emailKey: 'lena@drivers.example',
      nameKey: undefined,
      surnameKey: undefined,
      postcodeKey: undefined,
      standingKey: undefined,
    } as never);
    expect(names((await api('GET', '/api/drivers/admin/page?q=legacy')).body)).toEqual([]);
    await new DriverRepository(svc.infra.store).ensureStaffListIndexes();
    expect(names((await api('GET', '/api/drivers/admin/page?q=legacy')).body)).toEqual(['Lena Legacy']);
  });

  it('refuses bad paging with a 400 naming the field, and needs a staff token', async () => {
    for (const [query, field] of [
      ['pageSize=101', 'pageSize'],
      ['status=sacked', 'status'],
      ['after=%24%24', 'after'],
      ['after=bm9wZQ', 'after'],
    ]) {
      const res = await api('GET', `/api/drivers/admin/page?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), query).toContain(field);
    }
    expect((await fetch(`${svc.url}/api/drivers/admin/page`)).status).toBe(401);
  });

  it('finds the drivers of a district whole (E1 is not E14), and a postcode by its start', async () => {
    const e1 = await api('POST', '/api/drivers/admin', newDriver('Esme Whitechapel', 'esme@drivers.example', 'E1 6AN'));
    const e14 = await api('POST', '/api/drivers/admin', newDriver('Ezra Docks', 'ezra@drivers.example', 'e14 5ab'));
    expect([e1.status, e14.status]).toEqual([201, 201]);
    expect(names((await api('GET', '/api/drivers/admin/page?q=E1')).body)).toEqual(['Esme Whitechapel']);
    expect(names((await api('GET', '/api/drivers/admin/page?q=e14')).body)).toEqual(['Ezra Docks']);
    expect(names((await api('GET', '/api/drivers/admin/page?q=e1%206')).body)).toEqual(['Esme Whitechapel']);
    expect(names((await api('GET', '/api/drivers/admin/page?q=E1&status=suspended')).body)).toEqual([]);
  });

  it('the whole list kept for other clients answers the first STAFF_LEGACY_LIST_MAX drivers by name', async () => {
    const col = svc.infra.store.collection(DRIVERS);
    const [someone] = await col.find({ name: 'aaron quinn' });
    for (let i = 0; i < STAFF_LEGACY_LIST_MAX; i++) {
      const n = String(i).padStart(3, '0');
      await col.insertOne({
        ...someone!,
        _id: `drv-bulk-${n}`,
        name: `Bulk ${n}`,
        email: `bulk${n}@drivers.example`,
        emailKey: `bulk${n}@drivers.example`,
        nameKey: undefined,
        surnameKey: undefined,
        postcodeKey: undefined,
        standingKey: undefined,
      } as never);
    }
    await new DriverRepository(svc.infra.store).ensureStaffListIndexes();
    const whole = await api('GET', '/api/drivers/admin');
    expect(whole.status).toBe(200);
    const listed: string[] = whole.body.map((d: { name: string }) => d.name);
    expect(listed).toHaveLength(STAFF_LEGACY_LIST_MAX);
    expect(listed.slice(0, 4)).toEqual(['aaron quinn', 'Abby Quinn', 'Ali Hassan', 'Bulk 000']);
    expect(listed.at(-1)).toBe(`Bulk ${String(STAFF_LEGACY_LIST_MAX - 4).padStart(3, '0')}`);
    expect((await fetch(`${svc.url}/api/drivers/admin`)).status).toBe(401);
  });
});
