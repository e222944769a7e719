/**
 * Gateway overhead: the same service route called directly and through the gateway, in one run.
 * The load generator (autocannon) runs in its own process, so it never shares the servers' event loop.
 * Run: npx tsx bench/gateway.ts [seconds] [rounds]   (loopback only; default 5 s per run, 3 rounds in
 * alternation, each target keeping its best run, as the machine may be shared)
 */
import './support/raw-text.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compare, table } from './support/load.js';

// The product loads the web app's `?raw` text: imported after the hook above is registered.
const { startEmbedded } = await import('../scripts/embedded/start-embedded.js');

const seconds = Math.min(Math.max(Number(process.argv[2] ?? 5), 1), 30);
const rounds = Math.min(Math.max(Number(process.argv[3] ?? 3), 1), 10);
const connections = 20;

const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-'));
const product = await startEmbedded({
  ...process.env,
  LOG_LEVEL: 'silent',
  GATEWAY_PORT: '0',
  DATA_DIR: dataDir,
  // The bench measures proxy cost, not the per-client rate limiter.
  GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
});
try {
  const route = '/api/google/review';
  const [direct, viaGateway] = await compare(
    [
      { label: 'review service, direct', options: { url: `${product.services.review.url}${route}`, connections } },
      { label: 'review service, through gateway', options: { url: `${product.url}${route}`, connections } },
    ],
    seconds,
    rounds,
  );
  console.log(`\nGET ${route}, ${connections} connections, best of ${rounds} alternating ${seconds} s runs each; load generator in its own process\n`);
  table([direct, viaGateway]);
  console.log(`throughput gateway/direct: ${((100 * viaGateway.rps) / direct.rps).toFixed(1)} %   (target >= 70 %)`);
  console.log(`p50 latency ratio gateway/direct: ${(viaGateway.p50 / Math.max(direct.p50, 0.001)).toFixed(2)}`);
  if (direct.non2xx || viaGateway.non2xx) console.log('warning: some responses were not 2xx');
} finally {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
