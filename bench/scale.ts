/**
 * The marketplace at a real fleet's size. Per size, a fresh embedded product (`node dist/embedded.js`,
 * as `npm start` runs it) over a data folder seeded through the repositories with a made-up fleet
 * (test/support/synthetic-fleet.ts: bases over twenty London districts, 25-mile radius, varied
 * cards, the same every run), all sizes running at once, then measured through their gateways:
 *   - quote: POST /api/booking for NW2 → SE1, 3 h, Large, Driver-Help, dated; p50/p99 of requests
 *     one at a time (each is the quote's own time), taking turns between the sizes so the load of a
 *     shared machine falls on all alike; the answer's size, its offers, and its flexible dates (the
 *     lowest price on each of the 7 days either side, priced in the same request);
 *   - the process's resident memory after the run.
 * Ratios are against the smallest size of the same run. Each section is a function of its own
 * (quoteSection, ...), so more sections (staff lists, figures) slot in beside it.
 * Run: npx tsx bench/scale.ts [sizes, comma-separated] [requests per size]   (default 10,1000,5000 and 400)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { address } from '../test/support/booking-fixtures.js';
import { spawnEmbedded, type EmbeddedProcess } from '../test/support/embedded-process.js';
import { benchBooking } from './support/booking.js';
import { buildServerBundles } from './support/build-bundles.js';
import { seedDrivers } from './support/seed-fleet.js';
import { residentMb } from './support/resident.js';

const sizes = (process.argv[2] ?? '10,1000,5000').split(',').map((s) => Number(s.trim()));
const requests = Math.min(Math.max(Number(process.argv[3] ?? 400), 50), 5_000);

export interface QuoteFigures {
  p50: number;
  p99: number;
  bytes: number;
  offers: number;
  offersTotal: number;
  /** The flexible dates answered, and how many of them carry a price. */
  flexibleDays: number;
  flexiblePriced: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** POST /api/booking for NW2 → SE1, 3 h, Large, Driver-Help, dated, through the product's gateway; answers the body. */
export function quoteAsker(product: EmbeddedProcess): () => Promise<string> {
  const body = JSON.stringify(
    benchBooking(
      [address('p', 'London NW2, UK', '12 Example Road', 1), address('d', 'London SE1, UK', '7 Drop Lane', 0)],
      { vanSize: 'Large', driverHelp: 'Driver-Help', hour: 3 },
    ),
  );
  return async () => {
    const res = await fetch(`${product.url}/api/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST /api/booking: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
}

/**
 * The quote section for several products at once: after a warm-up, one request to each in turn,
 * `count` rounds, so a burst of someone else's work on a shared machine lands on every size alike
 * and the ratios between sizes hold. Each request is alone on the wire (no concurrency).
 */
export async function quoteSection(products: EmbeddedProcess[], count = requests): Promise<QuoteFigures[]> {
  const askers = products.map(quoteAsker);
  for (let i = 0; i < 50; i++) for (const ask of askers) await ask();
  const times = askers.map(() => [] as number[]);
  const last = askers.map(() => '');
  for (let round = 0; round < count; round++) {
    for (const [k, ask] of askers.entries()) {
      const t0 = performance.now();
      last[k] = await ask();
      times[k]!.push(performance.now() - t0);
    }
  }
  return askers.map((_, k) => {
    const sorted = times[k]!.sort((a, b) => a - b);
    const answer = JSON.parse(last[k]!) as {
      offers: unknown[];
      offersTotal?: number;
      flexibleDates?: { lowestPrice: number | null }[];
    };
    return {
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      bytes: Buffer.byteLength(last[k]!),
      offers: answer.offers.length,
      offersTotal: answer.offersTotal ?? answer.offers.length,
      flexibleDays: answer.flexibleDates?.length ?? 0,
      flexiblePriced: answer.flexibleDates?.filter((d) => d.lowestPrice !== null).length ?? 0,
    };
  });
}

interface SizeFigures {
  drivers: number;
  quote: QuoteFigures;
  rssMb: number;
}

/** A data folder with `drivers` seeded, and the product started over it. */
async function productWith(drivers: number, dir: string): Promise<EmbeddedProcess> {
  const seedStart = performance.now();
  await seedDrivers(dir, drivers);
  console.log(`${drivers} drivers seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  return spawnEmbedded(dir, {
    LOG_LEVEL: 'silent',
    SEED_DEMO_DRIVERS: 'false',
    EMBEDDED_FORWARDING: 'in-process',
    // The bench measures quoting, not the per-client rate limiter.
    GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
  });
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

buildServerBundles();
// Every size's product runs at once and the sections take turns between them (see quoteSection).
const dirs = sizes.map(() => mkdtempSync(path.join(tmpdir(), 'vanhop-bench-scale-')));
const products: EmbeddedProcess[] = [];
const results: SizeFigures[] = [];
try {
  for (const [i, size] of sizes.entries()) products.push(await productWith(size, dirs[i]!));
  const quotes = await quoteSection(products);
  for (const [i, size] of sizes.entries())
    results.push({ drivers: size, quote: quotes[i]!, rssMb: residentMb(products[i]!) });
} finally {
  await Promise.all(products.map((p) => p.stop()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
const base = results[0]!;
console.log(
  `\nquote NW2 → SE1, 3 h, Large, Driver-Help, dated, with flexible dates; ${requests} requests per size, one at a time, taking turns between the sizes, after 50 each to warm up\n`,
);
console.table(
  results.map((r) => ({
    drivers: r.drivers,
    'quote p50': ms(r.quote.p50),
    'p50 ratio': (r.quote.p50 / base.quote.p50).toFixed(2),
    'quote p99': ms(r.quote.p99),
    'p99 ratio': (r.quote.p99 / base.quote.p99).toFixed(2),
    offers: r.quote.offers,
    'can take it': r.quote.offersTotal,
    'flexible days priced': `${r.quote.flexiblePriced} of ${r.quote.flexibleDays}`,
    answer: kb(r.quote.bytes),
    'RSS MB': r.rssMb.toFixed(0),
  })),
);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const largest = results.at(-1)!;
const p50Ratio = largest.quote.p50 / base.quote.p50;
console.log(
  `quote p50 at ${largest.drivers} drivers / at ${base.drivers}: ${p50Ratio.toFixed(2)} (target <= 1.5) ${verdict(p50Ratio <= 1.5)}`,
);
const biggest = Math.max(...results.map((r) => r.quote.bytes));
console.log(`largest quote answer: ${kb(biggest)} (target <= 32 KB) ${verdict(biggest <= 32 * 1024)}`);
