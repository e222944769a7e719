/**
 * Quote throughput: POST /api/booking (3 addresses, every demo driver considered) through the
 * gateway of the embedded product as `npm start` runs it (`node dist/embedded.js`, which hands it to
 * the quote service in process), and through the distributed mode (the gateway's and the quote
 * service's own bundles in a process each, proxying over loopback HTTP: support/distributed.ts),
 * both built first so the code measured is the code shipped, against two baselines measured in the
 * same run:
 *   - the floor of this architecture: an Express gateway with http-proxy-middleware (keep-alive) in
 *     front of an Express route that answers a fixed JSON body of the same size;
 *   - the ceiling of this machine: a raw Node http hello-world.
 * Then the quote at a fixed 200 req/s, evenly spaced (support/paced-worker.ts), for its latency
 * percentiles, beside the hello-world's at the same pace. The targets are printed as ratios with
 * PASS or MISS. The load generators run in their own processes, so they never share the servers'
 * event loop.
 * Run: npx tsx bench/quote.ts [seconds] [rounds]   (loopback only; default 5 s per run, 3 rounds: the
 * targets are measured in alternation and each keeps its best run, as the machine may be shared)
 */
import './support/raw-text.js';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { threeStopBooking } from './support/booking.js';
import { compare, pacedRun, table, type Figures } from './support/load.js';
import { pricingPaths } from './support/pricing-paths.js';
import { quoteWork } from './support/quote-budget.js';
import { startDistributed } from './support/distributed.js';
import { buildServerBundles } from './support/build-bundles.js';

import { spawnEmbedded } from '../test/support/embedded-process.js';

const seconds = Math.min(Math.max(Number(process.argv[2] ?? 5), 1), 30);
const rounds = Math.min(Math.max(Number(process.argv[3] ?? 3), 1), 10);
const connections = 20;
const fixedRate = 200;

const booking = threeStopBooking();

const listenLocal = async (server: http.Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: http.Server) => new Promise<void>((r) => server.close(() => r()));

const hello = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('hello');
});
const helloUrl = await listenLocal(hello);

const productEnv = {
  LOG_LEVEL: 'silent',
  GATEWAY_PORT: '0',
  // The bench measures quoting, not the per-client rate limiter.
  GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
};
buildServerBundles();
const embeddedDir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-quote-'));
const product = await spawnEmbedded(embeddedDir, { ...productEnv, EMBEDDED_FORWARDING: 'in-process' });
const stop = async () => {
  await product.stop();
  rmSync(embeddedDir, { recursive: true, force: true });
};
const distributed = await startDistributed(productEnv);
const servers: http.Server[] = [hello];
try {
  const check = await fetch(`${product.url}/api/booking`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(booking),
  });
  const sampleText = await check.text();
  const sample = JSON.parse(sampleText) as { offers?: unknown[]; quote?: { totalPrice: number; travelMiles: number } };
  if (!check.ok || !sample.offers || !sample.quote)
    throw new Error(`POST /api/booking failed: HTTP ${check.status} ${sampleText}`);
  console.log(
    `sample: ${sample.offers.length} offers, best £${sample.quote.totalPrice.toFixed(2)}, ${sample.quote.travelMiles} miles, ${sampleText.length} bytes`,
  );

  // The floor: the same two hops (gateway, service) with nothing but Express and the proxy in them.
  const upstream = express();
  upstream.post('/api/booking', (_req, res) => {
    res.type('json').send(sampleText);
  });
  const upstreamServer = http.createServer(upstream);
  servers.push(upstreamServer);
  const upstreamUrl = await listenLocal(upstreamServer);
  const floorGateway = express();
  floorGateway.use(
    '/api',
    createProxyMiddleware({
      target: upstreamUrl,
      agent: new http.Agent({ keepAlive: true, maxSockets: 512 }),
      pathRewrite: (p) => `/api${p}`,
    }),
  );
  const floorServer = http.createServer(floorGateway);
  servers.push(floorServer);
  const floorUrl = await listenLocal(floorServer);

  const post = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(booking),
  };
  const floorCheck = await fetch(`${floorUrl}/api/booking`, post);
  if ((await floorCheck.text()) !== sampleText) throw new Error('the floor does not answer the sample body');
  const distributedCheck = await fetch(`${distributed.url}/api/booking`, post);
  if (!distributedCheck.ok || !(JSON.parse(await distributedCheck.text()) as { offers?: unknown[] }).offers)
    throw new Error(`distributed POST /api/booking failed: HTTP ${distributedCheck.status}`);

  const [ceiling, floor, light, quote, distributedQuote] = await compare(
    [
      { label: 'raw Node http hello-world', options: { url: helloUrl, connections } },
      {
        label: 'Express + proxy floor (fixed JSON)',
        options: { url: `${floorUrl}/api/booking`, connections, ...post },
      },
      // The same two hops of the product with next to no work at the end: what the platform costs.
      {
        label: 'GET /api/geo/coverage via gateway',
        options: { url: `${product.url}/api/geo/coverage?lat=51.5&lng=-0.2`, connections },
      },
      { label: 'POST /api/booking via gateway', options: { url: `${product.url}/api/booking`, connections, ...post } },
      {
        label: 'POST /api/booking, distributed',
        options: { url: `${distributed.url}/api/booking`, connections, ...post },
      },
    ],
    seconds,
    rounds,
  );
  // Evenly spaced arrivals (open loop), after a short warm-up at the same rate.
  await pacedRun({ url: `${product.url}/api/booking`, rate: fixedRate, seconds: 1, ...post });
  const paced = await pacedRun({
    url: `${product.url}/api/booking`,
    rate: fixedRate,
    seconds: Math.max(seconds, 5),
    ...post,
  });
  const pacedFigures: Figures = { label: `POST /api/booking at ${fixedRate} req/s`, ...paced };
  // The same pacing against the hello-world: the latency this machine and generator add by themselves.
  const pacedHello: Figures = {
    label: `raw Node hello-world at ${fixedRate} req/s`,
    ...(await pacedRun({ url: helloUrl, rate: fixedRate, seconds: Math.max(seconds, 5) })),
  };
  await pacedRun({ url: `${distributed.url}/api/booking`, rate: fixedRate, seconds: 1, ...post });
  const pacedDistributed: Figures = {
    label: `POST /api/booking, distributed, at ${fixedRate} req/s`,
    ...(await pacedRun({
      url: `${distributed.url}/api/booking`,
      rate: fixedRate,
      seconds: Math.max(seconds, 5),
      ...post,
    })),
  };

  console.log(
    `\n${connections} connections, best of ${rounds} alternating ${seconds} s runs per target (after a 1 s warm-up); load generator in its own process\n`,
  );
  table([ceiling, floor, light, quote, distributedQuote, pacedFigures, pacedDistributed, pacedHello]);
  // The targets, as ratios, for the embedded product (in-process dispatch) and beside them the distributed mode's.
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const ratios = (q: Figures, paced: Figures) => [
    { name: 'quote / Express+proxy floor', value: q.rps / floor.rps, target: '>= 0.70', ok: q.rps / floor.rps >= 0.7 },
    {
      name: 'quote / raw Node hello-world',
      value: q.rps / ceiling.rps,
      target: '>= 0.05',
      ok: q.rps / ceiling.rps >= 0.05,
    },
    {
      name: `quote p99 / hello-world p99 at ${fixedRate} req/s`,
      value: paced.p99 / pacedHello.p99,
      target: '<= 5',
      ok: paced.p99 <= 5 * pacedHello.p99,
    },
  ];
  const embeddedRatios = ratios(quote, pacedFigures);
  const distributedRatios = ratios(distributedQuote, pacedDistributed);
  console.log('\ntarget                                    embedded (in process)   distributed (HTTP)   target');
  embeddedRatios.forEach((e, i) => {
    const d = distributedRatios[i]!;
    console.log(
      `${e.name.padEnd(42)}${`${e.value.toFixed(2)} ${verdict(e.ok)}`.padEnd(24)}${`${d.value.toFixed(2)} ${verdict(d.ok)}`.padEnd(21)}${e.target}`,
    );
  });
  console.log(
    `quote p99 at ${fixedRate} req/s: embedded ${pacedFigures.p99} ms, distributed ${pacedDistributed.p99} ms, hello-world ${pacedHello.p99} ms`,
  );
  // The floor measured against the same ceiling: no quote through an HTTP gateway does more than its floor.
  console.log(
    `for reference, the floor itself / raw Node hello-world: ${(floor.rps / ceiling.rps).toFixed(3)} (the quote's target there is 0.05)`,
  );
  // Per-request CPU, as the inverse of each target's best throughput on one event loop.
  const us = (f: Figures) => 1e6 / f.rps;
  console.log(
    `per request: floor ${us(floor).toFixed(0)} us; product hops with no work ${us(light).toFixed(0)} us (platform: +${(us(light) - us(floor)).toFixed(0)} us); ` +
      `quote ${us(quote).toFixed(0)} us (quote work: +${(us(quote) - us(light)).toFixed(0)} us)`,
  );
  if ([floor, light, quote, distributedQuote, pacedFigures, pacedDistributed].some((f) => f!.non2xx || f!.errors))
    console.log('warning: some responses failed');

  // The quote's own work, old and new in one run: every driver document copied per quote and one
  // jobs query per driver, against the drivers' read model and one date-bounded neighbours query.
  console.log(
    '\nPriceMove.run in process (dated quote, busy drivers left out), old driver and neighbour reads vs new:',
  );
  let pricingUs = 0;
  for (const scenario of [
    { label: 'demo drivers as seeded', photoBytes: 0, pastJobsPerDriver: 0 },
    { label: '150 KB photos, 100 past jobs per driver', photoBytes: 150_000, pastJobsPerDriver: 100 },
  ]) {
    const f = await pricingPaths(booking, scenario, 100 * seconds, rounds);
    pricingUs ||= f.newUs;
    console.log(
      `  ${f.label}: old ${f.oldUs.toFixed(0)} us, new ${f.newUs.toFixed(0)} us per quote (new / old: ${(f.newUs / f.oldUs).toFixed(2)})`,
    );
  }

  // Each throughput target as a budget: what it allows per quote, less the product's hops with no
  // work, against the quote's own work timed with no HTTP at all.
  const work = quoteWork(post.body, sampleText);
  const ownUs = work.validateUs + pricingUs + work.serialiseUs;
  const budget = (target: string, allowedUs: number) => {
    const leftUs = allowedUs - us(light);
    return (
      `${target} as a budget: ${allowedUs.toFixed(0)} us per quote; the product's hops with no work take ${us(light).toFixed(0)} us, ` +
      `leaving ${leftUs.toFixed(0)} us for the quote's own work (${ownUs <= leftUs ? 'fits' : 'does not fit'})`
    );
  };
  console.log(
    `\n${budget('quote / floor >= 0.70', us(floor) / 0.7)}.\n` +
      `  that work in process, no HTTP: validate ${work.validateUs.toFixed(0)} us + price ${pricingUs.toFixed(0)} us + serialise ${work.serialiseUs.toFixed(0)} us = ${ownUs.toFixed(0)} us; ` +
      `the rest of the quote's cost over the hops, ${Math.max(0, us(quote) - us(light) - ownUs).toFixed(0)} us, ` +
      `is its HTTP side: reading and parsing its body, writing its ${sampleText.length}-byte answer, and the garbage both make\n` +
      `${budget('quote / raw Node >= 0.05', us(ceiling) / 0.05)}, before any of its HTTP side ` +
      `(the floor, which does no work, takes ${us(floor).toFixed(0)} us)`,
  );
} finally {
  await stop();
  await distributed.stop();
  await Promise.all(servers.map(close));
}
