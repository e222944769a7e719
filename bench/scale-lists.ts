/**
 * The staff lists and the business figures at a fleet's size: seeds 10 drivers and 1,000 bookings,
 * then 5,000 drivers and 100,000 bookings (support/staff-lists-seed.ts, through the repositories),
 * starts the embedded product on each (`node dist/embedded.js`, as `npm start` runs it), signs in
 * as staff, and measures through the gateway the first page of each staff list (bookings, drivers,
 * reviews, support chats, jobs back with the office) and the figures:
 * p50 of sequential requests and the answer's size, a driver's own job list, and the product's
 * resident memory. Ratios are against the smallest size of the same run. Targets: every list's
 * first page <= 50 KB, and its p50 <= 3x its p50 at the smallest size; RSS <= 500 MB at the large size.
 * Run: npx tsx bench/scale-lists.ts [samples]   (needs npm run build; loopback only)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnEmbedded } from '../test/support/embedded-process.js';
import { driverAuth, TEST_JWT_ENV } from '../test/support/staff.js';
import { residentMb } from './support/resident.js';
import { buildServerBundles } from './support/build-bundles.js';
import { seedStaffLists, type SeedSizes, type SeedTimings } from './support/staff-lists-seed.js';

/** The staff reads measured; `target: false` ones are printed for information only. */
export const STAFF_LIST_READS: { label: string; path: string; target: boolean; as?: 'driver' }[] = [
  { label: 'jobs, future', path: '/api/backdata/list?kind=job&view=future', target: true },
  { label: 'jobs, today', path: '/api/backdata/list?kind=job&view=today', target: true },
  { label: 'jobs, past', path: '/api/backdata/list?kind=job&view=past', target: true },
  { label: 'quotations, future', path: '/api/backdata/list?kind=quotation&view=future', target: true },
  { label: 'drivers by name', path: '/api/drivers/admin/page', target: true },
  // One driver by name (a name both fleets hold), then a surname prefix hundreds share in the large fleet.
  { label: 'drivers, find "omar hassan-8"', path: '/api/drivers/admin/page?q=omar%20hassan-8', target: true },
  { label: 'drivers, search "kha"', path: '/api/drivers/admin/page?q=kha', target: false },
  { label: 'drivers, suspended', path: '/api/drivers/admin/page?status=suspended', target: true },
  // Drivers based in one district: a tenth of the large fleet.
  { label: 'drivers, find postcode "SE1"', path: '/api/drivers/admin/page?q=SE1', target: true },
  // The bookings search (at most 20 records, newest move first): one customer by e-mail, a name many
  // customers share, a district a fifth of the moves start or end in, and one driver's bookings.
  { label: 'bookings, find e-mail', path: '/api/backdata/search?q=customer424%40example.com', target: true },
  { label: 'bookings, find name "omar khan"', path: '/api/backdata/search?q=omar%20khan', target: true },
  { label: 'bookings, find postcode "SE1"', path: '/api/backdata/search?q=SE1', target: true },
  { label: 'bookings, find driver', path: '/api/backdata/search?q=driver%20drv-bench-00004', target: true },
  { label: 'business figures', path: '/api/dashboard/business', target: true },
  { label: 'reviews, pending', path: '/api/reviews/admin/page?status=pending', target: true },
  { label: 'reviews, approved', path: '/api/reviews/admin/page?status=approved', target: true },
  { label: 'support chats, unanswered', path: '/api/support/admin/conversations/page', target: true },
  { label: 'support chats, answered', path: '/api/support/admin/conversations/page?view=answered', target: true },
  { label: 'jobs back with the office', path: '/api/drivers/admin/jobs/page', target: true },
  // What a driver's portal reads: their own jobs (a busy driver of the large fleet holds about twenty).
  { label: "a driver's job list", path: '/api/driver/me/jobs', target: true, as: 'driver' },
  { label: 'legacy reviews/admin (bounded)', path: '/api/reviews/admin', target: false },
  { label: 'legacy support inbox (bounded)', path: '/api/support/admin/conversations', target: false },
  { label: 'legacy drivers/admin/jobs (whole)', path: '/api/drivers/admin/jobs', target: false },
  { label: 'legacy backdata/all (30 days on)', path: '/api/backdata/all', target: false },
];

/** The driver whose own job list is read: one of the seeded fleet, in both sizes. */
const BENCH_DRIVER = 'drv-bench-00004';

export interface ListFigure {
  label: string;
  target: boolean;
  p50Ms: number;
  bytes: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** First page of each staff list through the gateway at `url`: p50 of `samples` sequential reads, and the size. */
export async function measureStaffLists(
  url: string,
  token: string,
  samples = 40,
  driver: { authorization: string } = driverAuth(BENCH_DRIVER, { env: TEST_JWT_ENV }),
): Promise<ListFigure[]> {
  const out: ListFigure[] = [];
  for (const read of STAFF_LIST_READS) {
    const headers = read.as === 'driver' ? driver : { authorization: `Bearer ${token}` };
    let bytes = 0;
    const times: number[] = [];
    for (let i = 0; i < samples + 5; i++) {
      const started = performance.now();
      const res = await fetch(`${url}${read.path}`, { headers });
      const body = await res.arrayBuffer();
      const ms = performance.now() - started;
      if (!res.ok) throw new Error(`${read.path}: HTTP ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
      bytes = body.byteLength;
      if (i >= 5) times.push(ms); // the first few warm the code paths
    }
    out.push({ label: read.label, target: read.target, p50Ms: median(times), bytes });
  }
  return out;
}

/** Registers a staff member with the embedded product's sign-up code and signs in. */
export async function staffToken(url: string, dataDir: string): Promise<string> {
  const code = readFileSync(path.join(dataDir, '.admin-signup-code'), 'utf8').trim();
  const json = { 'content-type': 'application/json' };
  const password = 'bench-staff-password';
  const reg = await fetch(`${url}/api/account/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'bench_staff', password, password1: password, uniquecode: code }),
  });
  if (!reg.ok) throw new Error(`register: HTTP ${reg.status} ${await reg.text()}`);
  const login = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'bench_staff', password }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`login: HTTP ${login.status}`);
  return token;
}

interface SizeRun {
  sizes: SeedSizes;
  seeded: SeedTimings;
  readyMs: number;
  figures: ListFigure[];
  /** The product's resident memory after the reads. */
  rssMb: number;
  /** Its resident memory once ready, before any read, and the highest it reached. */
  readyRssMb: number;
  peakRssMb: number;
}

const NOW = new Date('2026-11-25T12:00:00.000Z');

async function runSize(sizes: SeedSizes, samples: number): Promise<SizeRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-lists-'));
  try {
    const seeded = await seedStaffLists(dataDir, sizes, NOW);
    console.log(
      `  seeded through the repositories: drivers ${(seeded.driversMs / 1000).toFixed(1)} s, bookings ${(seeded.bookingsMs / 1000).toFixed(1)} s, figures ${(seeded.figuresMs / 1000).toFixed(1)} s, reviews, returned jobs and chats ${(seeded.otherListsMs / 1000).toFixed(1)} s`,
    );
    const started = performance.now();
    const product = await spawnEmbedded(
      dataDir,
      {
        LOG_LEVEL: 'silent',
        GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
        SEED_DEMO_DRIVERS: 'false',
        // A known signing key, so the bench can sign the driver's own token for their job list.
        ...TEST_JWT_ENV,
      },
      600_000,
    );
    try {
      while (
        (await fetch(`${product.opsUrl}/health/ready`)
          .then((r) => r.status)
          .catch(() => 0)) !== 200
      )
        await new Promise((r) => setTimeout(r, 50));
      const readyMs = performance.now() - started;
      const readyRssMb = residentMb(product);
      const token = await staffToken(product.url, dataDir);
      const figures = await measureStaffLists(product.url, token, samples);
      return {
        sizes,
        seeded,
        readyMs,
        figures,
        rssMb: residentMb(product),
        readyRssMb,
        peakRssMb: residentMb(product, 'peak'),
      };
    } finally {
      await product.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const PAGE_LIMIT_BYTES = 50 * 1024;
const RATIO_LIMIT = 3;
const RSS_LIMIT_MB = 500;

async function main() {
  const samples = Math.min(Math.max(Number(process.argv[2] ?? 40), 5), 500);
  buildServerBundles();
  const runs: SizeRun[] = [];
  for (const sizes of [
    { drivers: 10, bookings: 1_000 },
    { drivers: 5_000, bookings: 100_000 },
  ]) {
    console.log(`seeding ${sizes.drivers} drivers and ${sizes.bookings} bookings...`);
    const run = await runSize(sizes, samples);
    console.log(
      `  the product was ready (GET /health/ready 200) ${(run.readyMs / 1000).toFixed(1)} s after it started`,
    );
    runs.push(run);
  }
  const base = runs[0]!;
  let failed = false;
  const rows = runs.flatMap((run) =>
    run.figures.map((f, i) => {
      const ratio = f.p50Ms / base.figures[i]!.p50Ms;
      const ok = f.bytes <= PAGE_LIMIT_BYTES && ratio <= RATIO_LIMIT;
      if (f.target && !ok) failed = true;
      return {
        size: `${run.sizes.drivers} drivers, ${run.sizes.bookings} bookings`,
        read: f.label,
        p50: `${f.p50Ms.toFixed(2)} ms`,
        'x smallest': ratio.toFixed(2),
        size_: kb(f.bytes),
        verdict: f.target ? (ok ? 'PASS' : 'FAIL') : 'info',
      };
    }),
  );
  console.log(`\nFirst page of each staff list through the gateway (p50 of ${samples} sequential reads)\n`);
  console.table(rows);
  console.log(`targets: first page <= ${kb(PAGE_LIMIT_BYTES)}; p50 <= ${RATIO_LIMIT}x its p50 at the smallest size`);
  for (const run of runs) {
    const ok = run.rssMb <= RSS_LIMIT_MB;
    if (run !== base && !ok) failed = true;
    console.log(
      `embedded RSS with ${run.sizes.drivers} drivers and ${run.sizes.bookings} bookings: ${run.rssMb.toFixed(0)} MB after the reads (${run.readyRssMb.toFixed(0)} MB once ready, peak ${run.peakRssMb.toFixed(0)} MB)${run === base ? '' : ` (target <= ${RSS_LIMIT_MB} MB) ${ok ? 'PASS' : 'FAIL'}`}`,
    );
  }
  if (failed) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
