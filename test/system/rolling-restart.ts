import { apiClient } from '../support/api-client.js';
import { completeBooking, daysAheadAtUtc } from '../support/booking-fixtures.js';
import { PROGRAMS, type ComposeStack } from './compose-stack.js';

export interface RollingRestartReport {
  requests: number;
  /** Every request that did not get its expected answer, with what it got. */
  failures: string[];
  /** Staff health pages that said "degraded" (a replica asked was stopping or starting). */
  degraded: number;
  restarted: string[];
  durationMs: number;
}

/**
 * A steady load through the entry point (quotes, saves, retrievals by code, the reviews feed and
 * the staff health page, which asks every service) while every replica of every program is restarted with SIGTERM,
 * a deployment at a time as Kubernetes rolls them (maxUnavailable 0): the first replica of every
 * program together, then once they all serve again, the second. Each program always has a replica
 * serving, and a replica that is stopping fails its readiness first and finishes what it has.
 */
export async function rollingRestart(
  stack: ComposeStack,
  options: { workers: number; log: (line: string) => void },
): Promise<RollingRestartReport> {
  const failures: string[] = [];
  let requests = 0;
  let degraded = 0;
  let running = true;
  const t0 = Date.now();
  const api = apiClient(() => stack.gatewayUrl);
  const call = async (
    method: string,
    path: string,
    body: unknown,
    expected: number,
    alsoFine?: (status: number, body: unknown) => boolean,
  ): Promise<unknown> => {
    requests++;
    try {
      const res = await api(method, path, body, { timeoutMs: 30_000 });
      if (res.status !== expected && alsoFine?.(res.status, res.body)) {
        degraded++;
        return null;
      }
      if (res.status !== expected) {
        failures.push(
          `+${((Date.now() - t0) / 1000).toFixed(1)} s ${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
        );
        return null;
      }
      return res.body as unknown;
    } catch (err) {
      failures.push(
        `+${((Date.now() - t0) / 1000).toFixed(1)} s ${method} ${path}: no answer (${(err as Error).message})`,
      );
      return null;
    }
  };
  const worker = async (w: number) => {
    for (let i = 0; running; i++) {
      const booking = completeBooking(daysAheadAtUtc(new Date(), 5 + ((w * 7 + i) % 200), 9), {
        email: `rolling-${w}-${i}@example.com`,
      });
      const priced = (await call('POST', '/api/booking', booking, 200)) as { quote?: unknown } | null;
      if (priced?.quote) {
        const saved = (await call('POST', '/api/saveRetrieve', { quote: priced.quote }, 201)) as {
          data?: { randomNumber: number };
        } | null;
        if (saved?.data) await call('GET', `/api/saveRetrieve?randomNumber=${saved.data.randomNumber}`, undefined, 200);
      }
      await call('GET', '/api/google/review', undefined, 200);
      // The staff health page (admin-auth asks every service): served, it may say "degraded" while a
      // replica it happened to ask is stopping. That is its answer, not a failed request.
      await call(
        'GET',
        '/api/dashboard/health',
        undefined,
        200,
        (status, body) => status === 503 && (body as { health?: string } | null)?.health === 'degraded',
      );
    }
  };
  const load = Array.from({ length: options.workers }, (_, w) => worker(w));
  const restarted: string[] = [];
  try {
    // Every replica in the lb's pool first, and a few seconds of load, so a failure caused by the
    // restarts cannot hide among a cold start.
    for (const program of PROGRAMS) await stack.untilLbUp(program, 2, 120_000);
    await new Promise((r) => setTimeout(r, 3_000));
    for (const replica of [0, 1]) {
      await Promise.all(
        PROGRAMS.map(async (program) => {
          const c = (await stack.containers(program)).filter((x) => x.running)[replica];
          if (!c) throw new Error(`no replica ${replica + 1} of ${program}`);
          await stack.docker(['restart', '--time', '25', c.id], 120_000);
          await stack.untilHealthy(c, 240_000);
          // maxUnavailable 0: the next replica goes only once the lb sends this one traffic again.
          await stack.untilLbUp(program, 2, 120_000);
          restarted.push(c.name);
        }),
      );
      options.log(
        `[rolling] +${((Date.now() - t0) / 1000).toFixed(1)} s: replica ${replica + 1} of every program restarted and serving (${requests} requests so far, ${failures.length} failed)`,
      );
    }
  } finally {
    running = false;
    await Promise.all(load);
  }
  return { requests, failures, degraded, restarted, durationMs: Date.now() - t0 };
}
