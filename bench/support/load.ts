/** Runs autocannon in a child process (load-worker.ts) and returns the figures the benches print. */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

export interface Figures { label: string; rps: number; p50: number; p90: number; p99: number; non2xx: number; errors: number }

const worker = fileURLToPath(new URL('./load-worker.ts', import.meta.url));

/** One autocannon run in its own process. */
export function loadRun(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const child = fork(worker, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m: { result?: autocannon.Result; error?: string }) => (m.result ? resolve(m.result) : reject(new Error(m.error))));
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code} before answering`)));
    child.send(options);
  });
}

/** A 1 s warm-up (JIT, keep-alive connections), then the measured run. */
export async function measure(label: string, options: autocannon.Options, seconds: number): Promise<Figures> {
  await loadRun({ ...options, duration: 1 });
  const r = await loadRun({ ...options, duration: seconds });
  return { label, rps: r.requests.average, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

export const table = (rows: Figures[]) =>
  console.table(rows.map((f) => ({ target: f.label, 'req/s': Math.round(f.rps), 'p50 ms': f.p50, 'p99 ms': f.p99, non2xx: f.non2xx, errors: f.errors })));
