import http from 'node:http';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, withoutOutbox, type Env, type RunningService } from '@vanhop/platform';
import { infraTarget } from '../../platform/test/infra-env.js';
import { uniqueSuffix } from '../../platform/test/contracts/eventually.js';
import { bookingService } from '../src/service.js';
import { BOOKINGS, type StoredBooking } from '../src/domain/booking-record.js';
import { toAdminView } from '../src/app/list-bookings.js';
import { staffAuth } from '../../../test/support/staff.js';
import { startServiceForTest } from '../../../test/support/service-stack.js';
import { bookingRecord } from './admin-support.js';

const clock = fixedClock('2026-11-22T12:00:00.000Z');
const staff = staffAuth('Sam_Admin', { clock });
const MANY = 2_500;
/** Outside embedded mode the service needs its link secret given. */
const LINK_SECRET = 'booking-stream-test-link-secret-0123456789';

/** A saved date for record n: the saved order is not the insertion order. */
const savedAt = (n: number) => new Date(Date.UTC(2026, 9, 1) + ((n * 7_919) % MANY) * 60_000).toISOString();

/** A GET that reads the status and the first bytes only, and goes away. */
function readFirstBytesAndLeave(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
  });
}

/** The legacy list through HTTP on one store: the answer as it was built whole, in order, at size. */
function streamedListSuite(label: string, env: () => Promise<Env | null>, cleanup: () => Promise<void>) {
  describe(`GET /api/backdata/all, written as it is read: ${label}`, () => {
    let service: RunningService;
    let stop: () => Promise<void>;

    beforeAll(async () => {
      const started = await startServiceForTest(bookingService, { name: 'booking-stream', clock, env: (await env())! });
      service = started.service;
      stop = started.stop;
      const records = Array.from({ length: MANY }, (_, n) =>
        bookingRecord({
          date: savedAt(n),
          // Text outside ASCII, so a piece boundary can fall inside a character's bytes.
          quote: { ...bookingRecord().quote, name: `Zoë Dûpont ${n}`, description: `Piano — £${n} 🎹` },
          ...(n % 10 === 0 ? { quote: { ...bookingRecord().quote, date: '2026-10-01T09:00:00.000Z' } } : {}),
          ...(n % 25 === 1 ? { deletedAt: '2026-11-21T09:00:00.000Z', deletedBy: 'someone' } : {}),
        }),
      );
      const col = service.infra.store.collection(BOOKINGS);
      expect(await col.insertOrdered(records as never[])).toBe(MANY);
    });
    afterAll(async () => {
      await stop?.();
      await cleanup();
    });

    const list = (headers: Record<string, string> = staff) => fetch(`${service.url}/api/backdata/all`, { headers });

    it('answers the bytes the list built whole answered: live moves from 30 days ago on, oldest saved first', async () => {
      const res = await list();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const text = await res.text();
      // What the list answered when it read every record at once and sent res.json(views).
      const docs = await service.infra.store
        .collection<StoredBooking & { deletedAt?: string | null }>(BOOKINGS)
        .find({ 'quote.date': { $gte: '2026-10-23T12:00:00.000Z' }, deletedAt: null }, { sort: { date: 1 } });
      expect(text).toBe(JSON.stringify(docs.map((d) => toAdminView(withoutOutbox(d)))));

      const body = JSON.parse(text) as { date: string; quote: { date: string } }[];
      // 2,500 less the moves 52 days ago (a tenth) and the deleted (one in 25, none of them among those).
      expect(body).toHaveLength(MANY - MANY / 10 - MANY / 25);
      const saved = body.map((r) => r.date);
      expect(saved).toEqual([...saved].sort());
      expect(body.every((r) => r.quote.date >= '2026-10-23')).toBe(true);
    });

    it('stays staff-only', async () => {
      expect((await list({})).status).toBe(401);
    });

    it('goes on serving after a client that leaves mid-answer', async () => {
      for (let i = 0; i < 3; i++)
        expect(await readFirstBytesAndLeave(`${service.url}/api/backdata/all`, staff)).toBe(200);
      const res = await list();
      expect(res.status).toBe(200);
      expect(await res.json()).toHaveLength(MANY - MANY / 10 - MANY / 25);
      expect((await fetch(`${service.url}/health/ready`)).status).toBe(200);
    });
  });
}

streamedListSuite(
  'embedded store',
  async () => ({}),
  async () => undefined,
);

const mongoUrl = await infraTarget('mongo');
if (mongoUrl) {
  const dbName = `booking_stream_${uniqueSuffix()}`;
  streamedListSuite(
    `mongodb at ${mongoUrl}`,
    async () => ({ STORE: 'mongo', MONGO_URL: mongoUrl, MONGO_DB: dbName, MY_MOVE_LINK_SECRET: LINK_SECRET }),
    async () => {
      const client = await MongoClient.connect(mongoUrl);
      await client.db(dbName).dropDatabase();
      await client.close();
    },
  );
} else {
  describe.skip('GET /api/backdata/all, written as it is read: mongodb (no server, see the printed reason)', () =>
    it('needs MONGO_URL', () => undefined));
}
