/**
 * The embedded product as `npm start` runs it (node dist/embedded.js, a child process): time until
 * it is ready, then its memory after 10,000 quotes (POST /api/booking through the gateway, sent by
 * autocannon from its own process).
 * Targets: ready <= 5 s; resident memory <= 300 MB after the quotes.
 * Run: npx tsx bench/embedded.ts [quotes]   (needs npm run build; loopback only)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { threeStopBooking } from './support/booking.js';
import { spawnEmbedded } from '../test/support/embedded-process.js';
import { loadRun } from './support/load.js';

const quotes = Math.min(Math.max(Number(process.argv[2] ?? 10_000), 100), 100_000);
const READY_TARGET_MS = 5_000;
const RSS_TARGET_MB = 300;

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-embedded-'));
const started = performance.now();
const embedded = await spawnEmbedded(dataDir, { GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000' });
const { child, url, opsUrl } = embedded;
try {
  const listening = performance.now() - started;
  // Ready as a load balancer sees it: the gateway's readiness (on its ops port) answers 200.
  while (
    (await fetch(`${opsUrl}/health/ready`)
      .then((r) => r.status)
      .catch(() => 0)) !== 200
  )
    await new Promise((r) => setTimeout(r, 20));
  const ready = performance.now() - started;
  const idle = memoryOf(child.pid!);

  const booking = threeStopBooking();
  const result = await loadRun({
    url: `${url}/api/booking`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(booking),
    connections: 20,
    amount: quotes,
  });
  const after = memoryOf(child.pid!);

  console.log(`\nnode dist/embedded.js (every service, the gateway and the in-process bus in one process)\n`);
  console.table([
    { figure: 'listening (URL printed)', value: `${(listening / 1000).toFixed(2)} s`, target: '' },
    {
      figure: 'ready (GET /health/ready 200)',
      value: `${(ready / 1000).toFixed(2)} s`,
      target: `<= ${READY_TARGET_MS / 1000} s ${ready <= READY_TARGET_MS ? 'OK' : 'MISSED'}`,
    },
    { figure: 'RSS when ready', value: `${idle.rss.toFixed(0)} MB`, target: '' },
    {
      figure: `RSS after ${quotes} quotes`,
      value: `${after.rss.toFixed(0)} MB`,
      target: `<= ${RSS_TARGET_MB} MB ${after.rss <= RSS_TARGET_MB ? 'OK' : 'MISSED'}`,
    },
    { figure: 'peak RSS', value: `${after.peak.toFixed(0)} MB`, target: '' },
    {
      figure: 'quotes answered 2xx',
      value: `${result.requests.total - result.non2xx - result.errors} of ${quotes}`,
      target: '',
    },
  ]);
} finally {
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
