/**
 * The marketplace at a real fleet's size. Per size, a fresh embedded product (`node dist/embedded.js`,
 * as `npm start` runs it) over a data folder seeded through the repositories with a made-up fleet
 * (test/support/synthetic-fleet.ts: bases over twenty London districts, 25-mile radius, varied
 * cards, the same every run), then measured through its gateway:
 *   - quote: POST /api/booking for NW2 → SE1, 3 h, Large, Driver-Help, dated; p50/p99 of sequential
 *     requests (one at a time, so each is the quote's own time), the answer's size and its offers;
 *   - the process's resident memory after the run.
 * Ratios are against the smallest size of the same run. Each section is a function of its own
 * (quoteSection, ...), so more sections (staff lists, figures) slot in beside it.
 * Run: npx tsx bench/scale.ts [sizes, comma-separated] [requests per size]   (default 10,1000,5000 and 400)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { address } from '../test/support/booking-fixtures.js';
import { spawnEmbedded, type EmbeddedProcess } from '../test/support/embedded-process.js';
import { benchBooking } from './support/booking.js';
import { buildServerBundles } from './support/build-bundles.js';
import { seedDrivers } from './support/seed-fleet.js';

const sizes = (process.argv[2] ?? '10,1000,5000').split(',').map((s) => Number(s.trim()));
const requests = Math.min(Math.max(Number(process.argv[3] ?? 400), 50), 5_000);

export interface QuoteFigures {
  p50: number;
  p99: number;
  bytes: number;
  offers: number;
  offersTotal: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** The quote section: sequential POST /api/booking through the gateway, after a warm-up. */
export async function quoteSection(product: EmbeddedProcess, count = requests): Promise<QuoteFigures> {
  const body = JSON.stringify(
    benchBooking(
      [address('p', 'London NW2, UK', '12 Example Road', 1), address('d', 'London SE1, UK', '7 Drop Lane', 0)],
      { vanSize: 'Large', driverHelp: 'Driver-Help', hour: 3 },
    ),
  );
  const ask = async () => {
    const res = await fetch(`${product.url}/api/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`POST /api/booking: HTTP ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  for (let i = 0; i < 50; i++) await ask();
  const times: number[] = [];
  let last = '';
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    last = await ask();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const answer = JSON.parse(last) as { offers: unknown[]; offersTotal?: number };
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    bytes: Buffer.byteLength(last),
    offers: answer.offers.length,
    offersTotal: answer.offersTotal ?? answer.offers.length,
  };
}

/** Resident memory of the product's process, in MB (Linux /proc). */
export function residentMb(product: EmbeddedProcess): number {
  const status = readFileSync(`/proc/${product.child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

interface SizeFigures {
  drivers: number;
  quote: QuoteFigures;
  rssMb: number;
}

async function measureSize(drivers: number): Promise<SizeFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-scale-'));
  try {
    const seedStart = performance.now();
    await seedDrivers(dir, drivers);
    console.log(`${drivers} drivers seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
    const product = await spawnEmbedded(dir, {
      LOG_LEVEL: 'silent',
      SEED_DEMO_DRIVERS: 'false',
      EMBEDDED_FORWARDING: 'in-process',
      // The bench measures quoting, not the per-client rate limiter.
      GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
    });
    try {
      const quote = await quoteSection(product);
      return { drivers, quote, rssMb: residentMb(product) };
    } finally {
      await product.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

buildServerBundles();
const results: SizeFigures[] = [];
for (const size of sizes) results.push(await measureSize(size));
const base = results[0]!;
console.log(
  `\nquote NW2 → SE1, 3 h, Large, Driver-Help, dated; ${requests} sequential requests per size after 50 to warm up\n`,
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
