import { readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import Stripe from 'stripe';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { address, completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { apiClient, priceAndSave } from '../support/gateway-api.js';
import { eventually } from '../../services/platform/test/contracts/eventually.js';
import { ComposeStack, composeReadiness, dockerRequired, IMAGES, PROGRAMS, ROOT } from './compose-stack.js';
import { FAULT_RUN_ENV } from './fault-run/settings.js';
import { faultRun, printReport, unserved } from './fault-run/run.js';
import { MoveClient, newTally } from './fault-run/moves.js';
import { total } from '../../services/platform/test/prometheus-text.js';
import { figuresTable, scrapeReplicas } from './replica-metrics.js';
import { rollingRestart } from './rolling-restart.js';

/**
 * The distributed product as shipped: `docker compose up` of docker-compose.yml (the lb in front of
 * two replicas each of the gateway and the seven services, Kafka, MongoDB, Redis, the SMTP catcher)
 * from the image the real Dockerfile builds, with docker-compose.ci.yml swapping in the local
 * stand-ins for images that cannot be pulled here. In order, on one stack:
 *  - a customer books and pays a move through the entry point; the confirmation e-mail arrives;
 *  - work spreads: every replica serves requests and handles events from its share of the
 *    partitions (per-replica /metrics), the per-client limits and the driver holds are shared;
 *  - a rolling restart of every replica under a steady load fails no request;
 *  - the fault run, in CI size: moves booked and paid while a seeded chaos schedule kills and
 *    restarts replicas, Kafka, MongoDB and Redis; nothing lost, doubled or unexplained
 *    (test/system/fault-run/main.ts runs it by hand at full size).
 *
 * Needs Docker and the images of scripts/images/build.sh; skipped with the reason printed
 * otherwise, failed instead with REQUIRE_DOCKER=1 (CI).
 */
const { compose, reason } = await composeReadiness();
if (reason && dockerRequired()) throw new Error(`REQUIRE_DOCKER=1 but ${reason}`);
if (reason) console.warn(`[skip] compose system test skipped: ${reason}`);
else
  console.info(
    `[compose] ${compose!.join(' ')} with docker-compose.yml + docker-compose.ci.yml, app image ${IMAGES.APP_IMAGE}`,
  );

/** CI size of the fault run (docs/OPERATIONS.md gives the full-size figures from test/system/fault-run/main.ts). */
const FAULT_RUN_MOVES = Number(process.env.FAULT_RUN_MOVES ?? 100);
const FAULT_RUN_SEED = Number(process.env.FAULT_RUN_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** The broker outage at CI size: Kafka away for a minute while all 16 replicas restart. */
const OUTAGE_MOVES = Number(process.env.OUTAGE_RUN_MOVES ?? 30);
const OUTAGE_KAFKA_DOWN_MS = Number(process.env.OUTAGE_RUN_KAFKA_DOWN_S ?? 60) * 1000;

describe.skipIf(reason !== null)('docker compose: the distributed stack, two replicas of everything', () => {
  const stack =
    reason === null
      ? new ComposeStack(compose!, undefined, { env: FAULT_RUN_ENV, publishMongo: true, log: (l) => console.info(l) })
      : null!;
  const secrets = stack?.secrets ?? {};

  beforeAll(async () => {
    await stack.up();
  }, 500_000);

  afterAll(async () => {
    await stack.down();
  }, 200_000);

  const api = apiClient(() => stack.gatewayUrl);

  it('uses the stand-in images scripts/images builds (docker-compose.ci.yml agrees with tags.env)', () => {
    const ci = parse(readFileSync(path.join(ROOT, 'docker-compose.ci.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { image?: string; build?: { args?: Record<string, string> } }>;
    };
    expect(ci.services.kafka?.image).toBe(IMAGES.KAFKA_IMAGE);
    expect(ci.services.mongo?.image).toBe(IMAGES.MONGO_IMAGE);
    expect(ci.services.redis?.image).toBe(IMAGES.REDIS_IMAGE);
    expect(ci.services.mailpit?.image).toBe(IMAGES.MAIL_IMAGE);
    expect(ci.services['stripe-api']?.image).toBe(IMAGES.STRIPE_IMAGE);
    expect(ci.services.lb?.image).toBe(IMAGES.LB_IMAGE);
    expect(ci.services.gateway?.build?.args?.NODE_IMAGE).toBe(IMAGES.NODE_IMAGE);
  });

  it('runs two replicas of every program and publishes only the lb (and the test tools) on 127.0.0.1', async () => {
    for (const program of PROGRAMS)
      expect((await stack.containers(program)).filter((c) => c.running).length, program).toBe(2);
    const ps = await stack.docker([
      'ps',
      '--filter',
      `label=com.docker.compose.project=${stack.project}`,
      '--format',
      '{{.Names}} {{.Ports}}',
    ]);
    const published = ps.split('\n').flatMap((line) => [...line.matchAll(/(\S+):\d+->/g)].map((m) => m[1]));
    expect(published.length).toBe(4); // the lb, SMTP catcher UI, local Stripe API, MongoDB (this test counts in it)
    expect(new Set(published)).toEqual(new Set(['127.0.0.1']));
  });

  it('books and pays a move through the entry point; the confirmation e-mail arrives over SMTP', async () => {
    const customer = { name: 'Dara Compose', email: `dara-${stack.project}@example.com`, phone: '07700900789' };
    const { quote, record } = await priceAndSave(
      api,
      completeBooking(daysAheadAtUtc(new Date(), 7, 10), {
        addresses: [
          address('p', 'London NW2, UK', '1 Pickup Road', 0),
          address('d', 'London W1, UK', '2 Drop Street', 1),
        ],
        vanSize: 'Medium',
        hour: 2,
        description: 'Compose system test',
        ...customer,
      }),
    );
    const code = record.randomNumber;
    const totalPence = Math.round(quote.totalPrice * 100);

    // Book Now at 30 %: the payment container creates a Checkout Session with its Stripe SDK.
    const checkout = await api('POST', '/api/paymentbooking', { ...quote, randomNumber: code, percentage: 30 });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.sessionId).toMatch(/^cs_test_/);

    // The customer pays on the hosted page; Stripe then sends checkout.session.completed.
    const paid = await fetch(`${stack.stripeUrl}/__control/checkout/sessions/${checkout.body.sessionId}/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secrets.STRIPE_SECRET_KEY}` },
    });
    expect(paid.status).toBe(200);
    const event = (await paid.json()) as { data: { object: { amount_total: number } } };
    expect(event.data.object.amount_total).toBe(Math.round(totalPence * 0.3));
    const payload = JSON.stringify(event);
    const forged = await api('POST', '/api/payments/webhook', payload, {
      headers: {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_secret' }),
      },
    });
    expect(forged.status).toBe(400);
    const hook = await api('POST', '/api/payments/webhook', payload, {
      headers: {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: secrets.STRIPE_WEBHOOK_SECRET!,
        }),
      },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(200);
    expect(hook.body).toMatchObject({ received: true });

    // PaymentSucceeded (payment → Kafka → booking) marks the record paid at 30 %.
    await eventually(
      async () => {
        const [saved] = (await api('GET', `/api/saveRetrieve?randomNumber=${code}`)).body;
        expect(saved.paymentStatus).toBe('30percentage');
        expect(saved.OutstandingBalance).toBe((totalPence - Math.round(totalPence * 0.3)) / 100);
      },
      60_000,
      250,
    );

    // BookingConfirmed (booking → Kafka → notification) sends the customer's e-mail over SMTP.
    const mail = await eventually(
      async () => {
        const list = (await (await fetch(`${stack.mailUrl}/api/v1/messages`)).json()) as {
          messages: { ID: string; Subject: string; To: { Address: string }[] }[];
        };
        const found = list.messages.find(
          (m) => m.To.some((t) => t.Address === customer.email) && m.Subject.startsWith('Booking confirmed'),
        );
        expect(
          found,
          `mail so far: ${list.messages.map((m) => `${m.To.map((t) => t.Address).join(',')}: ${m.Subject}`).join(' | ')}`,
        ).toBeDefined();
        return found!;
      },
      60_000,
      250,
    );
    expect(mail.Subject).toContain(`(ref ${code})`);
    const raw = await (await fetch(`${stack.mailUrl}/api/v1/message/${mail.ID}/raw`)).text();
    const parsed = await simpleParser(raw);
    expect(parsed.text).toContain(customer.name.split(' ')[0]);
    expect(parsed.text).toContain(`Booking reference: ${code}`);
    // PUBLIC_URL reached the notification container: the mail links to the customer's My move page.
    expect(parsed.text).toMatch(new RegExp(`${stack.gatewayUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/mymove/v1\\.`));
  }, 180_000);

  it('spreads the work: every replica serves requests, and the replicas of each consumer group share the partitions', async () => {
    // 24 moves: with three partitions per topic split two and one between a group's replicas, the
    // one-partition replica is left out of all 24 bookings' events with a chance of (2/3)^24, 1 in 17,000.
    const client = new MoveClient(stack, newTally());
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => client.bookAndPay(1000 + i, 'spread')));
    expect(results.filter((r) => r.failed)).toEqual([]);
    // The staff health page, the one public route of admin-auth: ten visits at once. The lb, like a
    // Kubernetes Service, balances connections (a keep-alive connection stays with its replica), so
    // sequential calls over one connection would all reach one replica.
    const visits = await Promise.all(Array.from({ length: 10 }, () => api('GET', '/api/dashboard/health')));
    expect(visits.map((v) => v.status)).toEqual(Array(10).fill(200));
    await eventually(
      async () => {
        const figures = await scrapeReplicas(stack);
        const table = figuresTable(figures);
        for (const program of ['gateway', 'quote', 'fleet', 'booking', 'payment', 'admin-auth'] as const) {
          for (const f of figures.filter((x) => x.program === program))
            expect(f.requests, `${f.name} served no request\n${table}`).toBeGreaterThan(0);
        }
        for (const program of ['booking', 'notification'] as const) {
          const replicas = figures.filter((x) => x.program === program);
          expect(replicas.length).toBe(2);
          for (const f of replicas) expect(f.events, `${f.name} handled no event\n${table}`).toBeGreaterThan(0);
          // Between them, the group's consumers covered every partition of the topics it reads.
          const covered = new Set(replicas.flatMap((f) => f.partitions));
          for (const topic of new Set([...covered].map((p) => p.split('/')[0]))) {
            for (const partition of [0, 1, 2])
              expect(covered.has(`${topic}/${partition}`), `${program}: ${topic}/${partition}\n${table}`).toBe(true);
          }
        }
        console.info(`[compose] per-replica figures after 24 moves:\n${table}`);
      },
      60_000,
      1_000,
    );
  }, 300_000);

  it("shares the per-client limits between replicas: My move's 60 a minute hold across both gateways and both booking replicas", async () => {
    const before = await scrapeReplicas(stack);
    const statuses: number[] = [];
    // Unsigned links: refused, but counted like any other My move request from this client.
    for (let i = 0; i < 70; i++) statuses.push((await api('GET', `/api/mymove/not-a-link-${i}`)).status);
    expect(statuses.slice(0, 60).filter((s) => s === 429)).toEqual([]);
    expect(statuses.slice(60)).toEqual(Array(10).fill(429));
    const after = await scrapeReplicas(stack);
    const served = (name: string) =>
      total(after.find((f) => f.name === name)!.metrics, 'http_requests_total', { route: '/api/mymove/:token' }) -
      total(before.find((f) => f.name === name)?.metrics ?? '', 'http_requests_total', { route: '/api/mymove/:token' });
    const booking = after.filter((f) => f.program === 'booking');
    // Both replicas counted into the one limit (per-replica counters would have allowed 120).
    for (const f of booking) expect(served(f.name), f.name).toBeGreaterThan(0);
    expect(booking.reduce((n, f) => n + served(f.name), 0)).toBe(70);
  }, 120_000);

  it("shares the drivers' holds between replicas: four customers after one driver's hour, whichever payment replica each reaches, get one hold", async () => {
    const date = daysAheadAtUtc(new Date(), 320, 10);
    const priced = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        priceAndSave(
          api,
          completeBooking(date, { email: `hold-${i}-${stack.project}@example.com`, name: `Hold Customer ${i}` }),
        ),
      ),
    );
    // The same driver for all four: the first offer of the first quote.
    const driverId = (priced[0]!.quote as unknown as { driverId?: string }).driverId;
    const same = priced.filter((p) => (p.quote as unknown as { driverId?: string }).driverId === driverId);
    expect(same.length).toBe(4);
    const answers = await Promise.all(
      same.map((p) =>
        api('POST', '/api/paymentbooking', { ...p.quote, randomNumber: p.record.randomNumber, percentage: 30 }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
  }, 120_000);

  it('restarts every replica one program-wave at a time under a steady load with no failed request', async () => {
    const report = await rollingRestart(stack, { workers: 4, log: (l) => console.info(l) });
    console.info(
      `[rolling] ${report.requests} requests in ${(report.durationMs / 1000).toFixed(0)} s while restarting ${report.restarted.length} replicas; ${report.failures.length} failed; the staff health page said "degraded" ${report.degraded} times`,
    );
    expect(report.restarted.length).toBe(PROGRAMS.length * 2);
    expect(report.failures).toEqual([]);
    expect(report.requests).toBeGreaterThan(100);
  }, 900_000);

  it(`books and pays ${FAULT_RUN_MOVES} moves through a seeded chaos schedule with nothing lost, doubled or unexplained`, async () => {
    const report = await faultRun(stack, {
      moves: FAULT_RUN_MOVES,
      rate: 1.5,
      seed: FAULT_RUN_SEED,
      replicas: 2,
      redisDownMs: 20_000,
      log: (l) => console.info(l),
    });
    printReport(report, (l) => console.info(l));
    // What the run must never show: anything lost, doubled or unexplained, an answer a client
    // cannot act on, a request with no answer at all, a fault not recovered from.
    expect(report.audit.violations).toEqual([]);
    expect(report.tally.refusals).toEqual([]);
    expect(report.tally.hung).toBe(0);
    expect(report.windows.filter((w) => w.notBack).map((w) => w.notBack)).toEqual([]);
    // A move whose checkout kept answering a clear 502 for the clients' whole retry budget is not
    // paid and is listed above (a known open finding); nearly all must be paid.
    expect(report.audit.paid, JSON.stringify(report.results.filter((r) => r.failed))).toBeGreaterThanOrEqual(
      Math.floor(FAULT_RUN_MOVES * 0.9),
    );
    // Every paid customer back from the checkout saw it paid and reached My move; staff their lists.
    expect(unserved(report)).toEqual([]);
  }, 1_500_000);
  it(`keeps selling through a Kafka outage while every replica restarts (${OUTAGE_MOVES} moves, Kafka away ${OUTAGE_KAFKA_DOWN_MS / 1000} s)`, async () => {
    const report = await faultRun(stack, {
      moves: OUTAGE_MOVES,
      rate: 0.5,
      seed: FAULT_RUN_SEED,
      replicas: 2,
      redisDownMs: 0,
      kafkaDownMs: OUTAGE_KAFKA_DOWN_MS,
      log: (l) => console.info(l),
    });
    printReport(report, (l) => console.info(l));
    // Every replica restarted inside the outage came back (ready without the broker), every move
    // was priced, saved, checked out and paid meanwhile, and once the broker returned each paid
    // move got its confirmation and driver mail exactly once.
    expect(report.windows.filter((w) => w.notBack).map((w) => w.notBack)).toEqual([]);
    expect(report.audit.violations).toEqual([]);
    expect(report.tally.refusals).toEqual([]);
    expect(report.tally.hung).toBe(0);
    expect(report.results.filter((r) => r.failed).map((r) => `#${r.index}: ${r.failed}`)).toEqual([]);
    // The success page, My move and the staff lists answered throughout: none needs the broker.
    expect(unserved(report)).toEqual([]);
  }, 1_200_000);
});

if (reason !== null) {
  describe.skip('docker compose system test (needs Docker and the local images; see the printed reason)', () =>
    it('skipped', () => undefined));
}
