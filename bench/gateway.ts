/**
 * Gateway overhead: the same service route called directly and through the gateway, in one run,
 * and through the bare floor of this architecture (an Express app whose only middleware is
 * http-proxy-middleware with keep-alive, in front of the same service): the floor/direct ratio is
 * the most any gateway that proxies over HTTP can reach, whatever it does per request.
 * The load generator (autocannon) runs in its own process, so it never shares the servers' event loop.
 * Run: npx tsx bench/gateway.ts [seconds] [rounds]   (loopback only; default 5 s per run, 3 rounds in
 * alternation, each target keeping its best run, as the machine may be shared)
 */
import './support/raw-text.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
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
const floorApp = express();
floorApp.use(
  '/api',
  createProxyMiddleware({
    target: product.services.review!.url,
    agent: new http.Agent({ keepAlive: true, maxSockets: 512 }),
    pathRewrite: (p) => `/api${p}`,
  }),
);
const floor = http.createServer(floorApp);
await new Promise<void>((r) => floor.listen(0, '127.0.0.1', r));
const floorUrl = `http://127.0.0.1:${(floor.address() as AddressInfo).port}`;
try {
  const route = '/api/google/review';
  const [direct, viaFloor, viaGateway] = await compare(
    [
      { label: 'review service, direct', options: { url: `${product.services.review!.url}${route}`, connections } },
      { label: 'review service, through Express + proxy floor', options: { url: `${floorUrl}${route}`, connections } },
      { label: 'review service, through gateway', options: { url: `${product.url}${route}`, connections } },
    ],
    seconds,
    rounds,
  );
  console.log(
    `\nGET ${route}, ${connections} connections, best of ${rounds} alternating ${seconds} s runs each; load generator in its own process\n`,
  );
  table([direct, viaFloor, viaGateway]);
  const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;
  console.log(`throughput gateway/direct: ${pct(viaGateway.rps, direct.rps)}   (target >= 70 %)`);
  console.log(
    `throughput floor/direct: ${pct(viaFloor.rps, direct.rps)}   (the most an HTTP-proxying gateway can reach here)`,
  );
  console.log(`throughput gateway/floor: ${pct(viaGateway.rps, viaFloor.rps)}   (what the gateway's own work costs)`);
  console.log(`p50 latency ratio gateway/direct: ${(viaGateway.p50 / Math.max(direct.p50, 0.001)).toFixed(2)}`);
  if (direct.non2xx || viaGateway.non2xx) console.log('warning: some responses were not 2xx');
} finally {
  await new Promise<void>((r) => floor.close(() => r()));
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
