/**
 * Where the embedded quote path spends its time: starts the embedded product in this process,
 * loads `POST /api/booking` (the benches' three-stop move) from a load generator in its own process,
 * and prints the busy time by function (self) and by package from a V8 CPU profile taken during
 * the load. The profile is also written for DevTools.
 * Run: npx tsx bench/profile-quote.ts [seconds] [out.cpuprofile]   (loopback only; default 8 s)
 */
import './support/raw-text.js';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { threeStopBooking } from './support/booking.js';
import { loadRun } from './support/load.js';
import { summariseProfile, type CpuProfile } from './support/cpu-profile.js';

const { startEmbeddedOnTempDir } = await import('../test/support/embedded.js');

const seconds = Math.min(Math.max(Number(process.argv[2] ?? 8), 1), 60);
const out = process.argv[3] ?? 'quote.cpuprofile';
const post = {
  method: 'POST' as const,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(threeStopBooking()),
};

const { product, stop } = await startEmbeddedOnTempDir({
  LOG_LEVEL: 'silent',
  GATEWAY_PORT: '0',
  GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
  EMBEDDED_FORWARDING: 'in-process',
});
const session = new Session();
try {
  const url = `${product.url}/api/booking`;
  await loadRun({ url, connections: 20, duration: 2, ...post }); // warm-up: JIT and caches
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  const r = await loadRun({ url, connections: 20, duration: seconds, ...post });
  const { profile } = (await session.post('Profiler.stop')) as { profile: CpuProfile };
  writeFileSync(out, JSON.stringify(profile));
  console.log(`${Math.round(r.requests.average)} req/s while profiled, non-2xx ${r.non2xx}; profile in ${out}\n`);
  console.log(summariseProfile(profile, 30));
} finally {
  session.disconnect();
  await stop();
}
