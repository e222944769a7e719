/**
 * Quote throughput: POST /api/booking (3 addresses, every demo driver considered) through the
 * gateway of the embedded product, with a raw Node HTTP hello-world measured in the same run as
 * the ceiling of this machine.
 * Run: npx tsx bench/quote.ts [seconds]   (loopback only; bounded duration, default 5 s per target)
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { earliestBookingTime } from '@vanhop/contracts';
import { address, completeBooking } from '../test/support/booking-fixtures.js';
import { startEmbeddedOnTempDir } from '../test/support/embedded.js';

const seconds = Math.min(Math.max(Number(process.argv[2] ?? 5), 1), 30);
const connections = 20;

interface Figures { label: string; rps: number; p50: number; p99: number; non2xx: number; errors: number }

async function measure(label: string, options: autocannon.Options): Promise<Figures> {
  // Short warm-up so JIT and keep-alive connections are in place for both targets alike.
  await autocannon({ ...options, connections, duration: 1 });
  const r = await autocannon({ ...options, connections, duration: seconds });
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

// A move tomorrow-or-later at 10:00 London time: a complete booking, so the full quote is priced.
const start = earliestBookingTime(new Date(Date.now() + 24 * 3600_000));
start.setUTCDate(start.getUTCDate() + 1);
start.setUTCHours(10, 0, 0, 0);
const booking = completeBooking(start.toISOString(), {
  addresses: [
    address('p', 'London NW2, UK', '12 Example Road', 1),
    address('v', 'Wembley, UK', '3 Via Street', 0),
    address('d', 'London W1, UK', '7 Drop Lane', 2),
  ],
  description: 'Two-bedroom flat',
  name: 'Bench Mark',
  email: 'bench@example.com',
  phone: '07700900999',
});

const hello = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('hello');
});
await new Promise<void>((r) => hello.listen(0, '127.0.0.1', r));
const helloUrl = `http://127.0.0.1:${(hello.address() as AddressInfo).port}/`;

const { product, stop } = await startEmbeddedOnTempDir({
  ...process.env,
  LOG_LEVEL: 'silent',
  GATEWAY_PORT: '0',
  // The bench measures quoting, not the per-client rate limiter.
  GATEWAY_RATE_LIMIT_PER_MINUTE: '100000000',
});
try {
  const check = await fetch(`${product.url}/api/booking`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(booking) });
  const sample = (await check.json()) as { offers?: unknown[]; quote?: { totalPrice: number; travelMiles: number } };
  if (!check.ok || !sample.offers) throw new Error(`POST /api/booking failed: HTTP ${check.status} ${JSON.stringify(sample)}`);
  console.log(`sample: ${sample.offers.length} offers, best £${sample.quote!.totalPrice.toFixed(2)}, ${sample.quote!.travelMiles} miles`);

  const ceiling = await measure('raw Node http hello-world', { url: helloUrl });
  const quote = await measure('POST /api/booking via gateway', {
    url: `${product.url}/api/booking`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(booking),
  });
  console.log(`\n${connections} connections, ${seconds}s per target (after a 1 s warm-up)\n`);
  console.table([ceiling, quote].map((f) => ({ target: f.label, 'req/s': Math.round(f.rps), 'p50 ms': f.p50, 'p99 ms': f.p99, non2xx: f.non2xx, errors: f.errors })));
  console.log(`throughput ratio quote/hello-world: ${(quote.rps / ceiling.rps).toFixed(3)}`);
  if (quote.non2xx || quote.errors) console.log('warning: some quote responses failed');
} finally {
  await stop();
  await new Promise<void>((r) => hello.close(() => r()));
}
