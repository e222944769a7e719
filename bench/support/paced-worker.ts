/**
 * An open-loop load generator at a fixed rate, run as its own process (bench/support/load.ts forks
 * it). Requests are sent evenly spaced, whatever the answers do, over a keep-alive pool; each
 * latency is counted from the moment the request was due, so a stalled server (or a late
 * generator) shows in the figures instead of quietly delaying the next request.
 * autocannon's `overallRate` is not this: each connection sends its share of a second back to back
 * and then waits for the next second, so "200 req/s" arrives as a burst of 200 once a second.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface PacedOptions {
  url: string;
  rate: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}
export interface PacedResult {
  sent: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (v: number) => Math.round(v * 10) / 10;

function run(o: PacedOptions): Promise<PacedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / o.rate;
  const total = Math.round(o.rate * o.seconds);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let finished = 0;
  let sent = 0;
  const start = performance.now();
  return new Promise((resolve) => {
    const settle = () => {
      if (++finished < total) return;
      const elapsed = (performance.now() - start) / 1000;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      resolve({
        sent,
        rps: latencies.length / elapsed,
        p50: ms(percentile(latencies, 50)),
        p90: ms(percentile(latencies, 90)),
        p99: ms(percentile(latencies, 99)),
        max: ms(latencies.at(-1) ?? 0),
        non2xx,
        errors,
      });
    };
    const fire = (due: number) => {
      const req = http.request(o.url, { method: o.method ?? 'GET', headers: o.headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          settle();
        });
      });
      req.on('error', () => {
        errors++;
        settle();
      });
      req.end(o.body);
    };
    const tick = () => {
      const now = performance.now();
      for (; sent < total && start + sent * interval <= now; sent++) fire(start + sent * interval);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
}

process.once('message', (options: PacedOptions) => {
  run(options).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (err: unknown) => process.send!({ error: String(err) }, () => process.exit(0)),
  );
});
