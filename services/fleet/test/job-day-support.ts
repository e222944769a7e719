import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { TOPICS, type BookingConfirmed, type EventEnvelope } from '@vanhop/contracts';
import {
  createEvent,
  createLogger,
  MemoryEventBus,
  startService,
  type Clock,
  type Collection,
  type Env,
  type RunningService,
} from '@vanhop/platform';
import { fleetService } from '../src/service.js';
import { quoteService } from '@vanhop/quote';
import { driverAuth, TEST_JWT_ENV } from '../../../test/support/staff.js';
export { MovableClock } from '../../platform/test/movable-clock.js';

/** The customer's and Ali's numbers on every confirmed job. */
export const CUSTOMER_PHONE = '07700900123';
export const DRIVER_PHONE = '07700900101';

export interface JobDayQuote {
  /** The service now running (each start replaces it). */
  readonly svc: RunningService & { bus: MemoryEventBus };
  /** The data folder every start shares: a restart keeps the store. */
  readonly dataDir: string;
  /** What the relay published on the watched topics, across restarts. */
  published: Record<string, EventEnvelope[]>;
  /** Starts quote (again) on the data folder with the demo drivers, on a bus of its own; `extra` is added to its environment. */
  start(extra?: Env): Promise<void>;
  call<T = any>(
    method: string,
    p: string,
    headers?: Record<string, string>,
    body?: unknown,
  ): Promise<{ status: number; text: string; body: T }>;
  jobsCol(): Collection<{ _id: string }>;
  /** BookingConfirmed for Ali's job `bookingId` (Ada Lovelace's move at `date`), then Ali accepts it. */
  confirm(bookingId: string, date: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The day-of-move tests' quote service: started over the real HTTP app and the embedded store on
 * `clock`, its published `topics` counted, restartable on the same store, with jobs confirmed to
 * Ali and accepted by him as the booking service and the portal would.
 */
export async function startJobDayQuote(options: {
  name: string;
  clock: Clock;
  topics: string[];
}): Promise<JobDayQuote> {
  const { clock } = options;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `vanhop-${options.name}-`));
  const published: Record<string, EventEnvelope[]> = Object.fromEntries(options.topics.map((t) => [t, []]));
  let svc: (RunningService & { bus: MemoryEventBus }) | undefined;
  /** Quote beside the fleet: where a job's pickup is (the van map's ETA). */
  let quote: RunningService | undefined;
  const running = () => {
    if (!svc) throw new Error('quote is not started');
    return svc;
  };
  const call: JobDayQuote['call'] = async (method, p, headers = {}, body) => {
    const res = await fetch(`${running().url}${p}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, text, body: parsed };
  };
  const harness: JobDayQuote = {
    get svc() {
      return running();
    },
    dataDir,
    published,
    async start(extra = {}) {
      const bus = new MemoryEventBus(createLogger('bus', 'silent'));
      for (const topic of options.topics)
        await bus.subscribe('test', topic, async (e) => void published[topic]!.push(e));
      const env = { ...TEST_JWT_ENV, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO_DRIVERS: 'true' };
      quote ??= await startService(quoteService, quoteService.loadConfig(env), { bus, clock });
      const config = fleetService.loadConfig({ ...env, QUOTE_SERVICE_URL: quote.url, ...extra });
      svc = Object.assign(await startService(fleetService, config, { bus, clock }), { bus });
    },
    call,
    jobsCol: () => running().infra.store.collection<{ _id: string }>('driver_jobs'),
    async confirm(bookingId, date) {
      const data: BookingConfirmed = {
        bookingId,
        randomNumber: 2000 + Number(bookingId.replace(/\D/g, '')),
        paymentStatus: '30percentage',
        amountPaidPence: 3000,
        outstandingBalancePence: 7000,
        totalPricePence: 10000,
        customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: CUSTOMER_PHONE },
        driver: { id: 'drv-ali-hassan', name: 'Ali Hassan', email: 'ali@example.com', phone: DRIVER_PHONE },
        move: {
          date,
          addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 1 }],
          typeofVan: 'Large',
          typeOfWorker: 'Driver-Help',
          totalHour: 3,
          description: 'Sofa',
        },
        myMovePath: `/mymove/tok-${bookingId}`,
      };
      const { bus } = running();
      await bus.publish(
        TOPICS.bookingConfirmed,
        await createEvent(TOPICS.bookingConfirmed, data, { producer: 'booking', clock }),
      );
      await bus.idle();
      expect(
        (await call('POST', `/api/driver/me/jobs/${bookingId}/accept`, driverAuth('drv-ali-hassan', { clock }))).status,
      ).toBe(200);
    },
    async stop() {
      await svc?.stop();
      await quote?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
