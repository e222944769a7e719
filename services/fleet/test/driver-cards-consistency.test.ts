import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, listen, createHttpApp, Readiness, type RunningServer } from '@vanhop/platform';
import { quoteService } from '@vanhop/quote';
import { HOUSE_CARD } from '@vanhop/contracts';
import { staffAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
import { complete, NOW, post, startQuote } from './support.js';

const clock = fixedClock(NOW);
const ALI = 'drv-ali-hassan';

type Offer = { driverId: string; totalPrice: number; photoUrl?: string };

/** Each replica asks the store for the other's driver writes this often (DRIVER_CARDS_POLL_MS). */
const POLL_ENV = { DRIVER_CARDS_POLL_MS: '100' };

/**
 * A second replica of the quote service over the first one's store and in-process bus, as two pods
 * over one Mongo and one Kafka. It takes no part in the service's consumer group (the bus allows
 * one subscriber per group and the first replica has it): the cards the first replica applies from
 * the fleet's events reach its pricing by its poll of the read model.
 */
async function secondReplica(
  first: Awaited<ReturnType<typeof startQuote>>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const config = quoteService.loadConfig({
    PORT: '0',
    DATA_DIR: first.quote.infra.config.dataDir,
    LOG_LEVEL: 'silent',
    ...TEST_JWT_ENV,
    ...POLL_ENV,
    SEED_DEMO_DRIVERS: 'true',
  });
  const built = await quoteService.build({ ...first.quote.infra, ownsBus: false }, config);
  await built.start?.();
  const app = createHttpApp({
    service: 'quote',
    logger: first.infra.logger,
    readiness: new Readiness([]),
    bodyLimitBytes: config.platform.bodyLimitBytes,
    routes: (a) => built.routes(a),
  });
  const server: RunningServer = await listen(app, 0);
  return {
    url: server.url,
    stop: async () => {
      await server.close();
      await built.stop?.();
    },
  };
}

/** Polls for a state, bounded: the other replica's change arrives by its poll of the store. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let last = await read();
  for (let i = 0; i < 200 && !ok(last); i++) {
    await new Promise((r) => setTimeout(r, 10));
    last = await read();
  }
  return last;
}

describe("pricing reads a copy of the active drivers: never stale once the fleet's event is applied, converging across quote replicas", () => {
  let a: Awaited<ReturnType<typeof startQuote>>;
  let b: Awaited<ReturnType<typeof secondReplica>>;
  const staff = staffAuth('Sam_Admin', { clock });
  const api = async (url: string, method: string, p: string, body?: unknown) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: { ...staff, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const offers = async (url: string): Promise<Offer[]> => {
    const { status, json } = await post(`${url}/api/booking`, complete);
    expect(status).toBe(200);
    return json.offers;
  };
  const aliOn = async (url: string) => (await offers(url)).find((o) => o.driverId === ALI);

  beforeAll(async () => {
    a = await startQuote({ ...TEST_JWT_ENV, ...POLL_ENV, SEED_DEMO_DRIVERS: 'true' }, clock);
    b = await secondReplica(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.cleanup();
  });

  it('a card edited here is priced at once, here; the other replica prices it after its next poll', async () => {
    // Both replicas hold their copy before the change.
    const before = (await aliOn(a.url))!;
    expect((await aliOn(b.url))!.totalPrice).toBe(before.totalPrice);
    const ali = (await api(a.url, 'GET', `/api/drivers/admin/${ALI}`)).body;
    const card = {
      ...HOUSE_CARD,
      vanPerHourPence: { ...HOUSE_CARD.vanPerHourPence, Large: HOUSE_CARD.vanPerHourPence.Large + 500 },
    };
    expect((await api(a.url, 'PATCH', `/api/drivers/admin/${ALI}`, { card, version: ali.version })).status).toBe(200);

    const here = (await aliOn(a.url))!;
    expect(here.totalPrice).toBeGreaterThan(before.totalPrice);
    const there = await eventually(
      () => aliOn(b.url),
      (o) => o?.totalPrice === here.totalPrice,
    );
    expect(there!.totalPrice).toBe(here.totalPrice);
  });

  it('an edit back is priced at once by the replica that applied it, and by the other after its poll', async () => {
    const ali = (await api(a.url, 'GET', `/api/drivers/admin/${ALI}`)).body;
    expect(
      (await api(a.url, 'PATCH', `/api/drivers/admin/${ALI}`, { card: HOUSE_CARD, version: ali.version })).status,
    ).toBe(200);
    const here = (await aliOn(a.url))!;
    const there = await eventually(
      () => aliOn(b.url),
      (o) => o?.totalPrice === here.totalPrice,
    );
    expect(there!.totalPrice).toBe(here.totalPrice);
  });

  it('an uploaded photo is linked by the offer, its bytes never priced', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const photoUrl = `data:image/png;base64,${Buffer.concat([png, Buffer.alloc(50_000)]).toString('base64')}`;
    const ali = (await api(a.url, 'GET', `/api/drivers/admin/${ALI}`)).body;
    const res = await api(a.url, 'PATCH', `/api/drivers/admin/${ALI}`, { photoUrl, version: ali.version });
    expect(res.status).toBe(200);
    expect((await aliOn(a.url))!.photoUrl).toBe(`/api/driver-photos/${ALI}?v=${res.body.version}`);
  });

  it('an expired insurance takes the driver out of quotes, on the other replica after a poll (no DriverUpdated for documents)', async () => {
    expect(await aliOn(a.url)).toBeDefined();
    const expired = { insurance: { reference: 'POL-OLD', expiresOn: '2026-01-01' }, licence: null };
    expect((await api(a.url, 'PUT', `/api/drivers/admin/${ALI}/documents`, expired)).status).toBe(200);
    expect(await aliOn(a.url)).toBeUndefined();
    expect(
      await eventually(
        () => aliOn(b.url),
        (o) => o === undefined,
      ),
    ).toBeUndefined();
    expect(
      (await api(a.url, 'PUT', `/api/drivers/admin/${ALI}/documents`, { insurance: null, licence: null })).status,
    ).toBe(200);
    expect(
      await eventually(
        () => aliOn(b.url),
        (o) => o !== undefined,
      ),
    ).toBeDefined();
  });

  it('a suspended driver is gone from the next quote, and from the other replica after its next poll', async () => {
    expect(
      (await api(a.url, 'POST', `/api/drivers/admin/${ALI}/suspend`, { reason: 'Van failed its MOT' })).status,
    ).toBe(200);
    expect(await aliOn(a.url)).toBeUndefined();
    expect(
      await eventually(
        () => aliOn(b.url),
        (o) => o === undefined,
      ),
    ).toBeUndefined();
    // Reactivated: back on both.
    expect((await api(a.url, 'POST', `/api/drivers/admin/${ALI}/reactivate`)).status).toBe(200);
    expect(await aliOn(a.url)).toBeDefined();
    expect(
      await eventually(
        () => aliOn(b.url),
        (o) => o !== undefined,
      ),
    ).toBeDefined();
  });
});
