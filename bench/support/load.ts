/** Runs autocannon in a child process (load-worker.ts) and returns the figures the benches print. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import type { PacedOptions, PacedResult } from './paced-worker.js';

export interface Figures {
  label: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  non2xx: number;
  errors: number;
}

const worker = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
const pacedWorker = fileURLToPath(new URL('./paced-worker.ts', import.meta.url));

function inChild<O extends object, R>(script: string, options: O): Promise<R> {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m: { result?: R; error?: string }) =>
      m.result ? resolve(m.result) : reject(new Error(m.error)),
    );
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code} before answering`)));
    child.send(options);
  });
}

/** One autocannon run (as many requests as the server answers) in its own process. */
export const loadRun = (options: autocannon.Options): Promise<autocannon.Result> => inChild(worker, options);

/** Requests at a fixed, evenly spaced rate in their own process (paced-worker.ts), for latency at a given load. */
export const pacedRun = (options: PacedOptions): Promise<PacedResult> => inChild(pacedWorker, options);

/**
 * Several targets measured in alternation, `rounds` times each, keeping each target's best run: the
 * machine is shared, and a burst of someone else's work then lands on one run, not on one target.
 */
export async function compare<const T extends readonly { label: string; options: autocannon.Options }[]>(
  targets: T,
  seconds: number,
  rounds: number,
): Promise<{ [K in keyof T]: Figures }> {
  const best = new Map<string, Figures>();
  for (const t of targets) await loadRun({ ...t.options, duration: 1 });
  for (let round = 0; round < rounds; round++) {
    for (const t of targets) {
      const r = await loadRun({ ...t.options, duration: seconds });
      const f: Figures = {
        label: t.label,
        rps: r.requests.average,
        p50: r.latency.p50,
        p90: r.latency.p90,
        p99: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      };
      const seen = best.get(t.label);
      if (!seen || f.rps > seen.rps)
        best.set(t.label, { ...f, non2xx: f.non2xx + (seen?.non2xx ?? 0), errors: f.errors + (seen?.errors ?? 0) });
      else best.set(t.label, { ...seen, non2xx: seen.non2xx + f.non2xx, errors: seen.errors + f.errors });
    }
  }
  // Every target ran at least once, so each label has its figures; one per target, in order.
  return targets.map((t) => best.get(t.label)!) as { [K in keyof T]: Figures };
}

export const table = (rows: Figures[]) =>
  console.table(
    rows.map((f) => ({
      target: f.label,
      'req/s': Math.round(f.rps),
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      non2xx: f.non2xx,
      errors: f.errors,
    })),
  );
