/**
 * Gateway overhead: the same service route called directly and through the gateway, in one run.
 * Run: npx tsx bench/gateway.ts [seconds]   (loopback only; bounded duration)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startEmbedded } from '../scripts/embedded/start-embedded.js';

const seconds = Number(process.argv[2] ?? 5);
const connections = 20;

interface Figures { label: string; rps: number; p50: number; p99: number; non2xx: number }

async function measure(label: string, url: string): Promise<Figures> {
  // Short warm-up so JIT and keep-alive connections are in place for both targets alike.
  await autocannon({ url, connections, duration: 1 });
  const r = await autocannon({ url, connections, duration: seconds });
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

const product = await startEmbedded({
  ...process.env,
  LOG_LEVEL: 'silent',
  GATEWAY_PORT: '0',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'vanhop-bench-')),
  // The bench measures proxy cost, not the per-client rate limiter.
  GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
});
try {
  const route = '/api/google/review';
  const direct = await measure('review service, direct', `${product.services.review.url}${route}`);
  const viaGateway = await measure('review service, through gateway', `${product.url}${route}`);
  console.log(`\nGET ${route}, ${connections} connections, ${seconds}s each\n`);
  console.table([direct, viaGateway].map((f) => ({ target: f.label, 'req/s': Math.round(f.rps), 'p50 ms': f.p50, 'p99 ms': f.p99, non2xx: f.non2xx })));
  console.log(`throughput ratio gateway/direct: ${(viaGateway.rps / direct.rps).toFixed(2)}`);
  console.log(`p50 latency ratio gateway/direct: ${(viaGateway.p50 / Math.max(direct.p50, 0.001)).toFixed(2)}`);
  if (direct.non2xx || viaGateway.non2xx) console.log('warning: some responses were not 2xx');
} finally {
  await product.stop();
}
