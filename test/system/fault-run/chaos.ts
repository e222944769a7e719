import { eventually } from '../../../services/platform/test/contracts/eventually.js';
import { seededRng } from '../../support/hostile-input.js';
import { PROGRAMS, type ComposeStack, type Container, type Program } from '../compose-stack.js';
import type { LateStart } from './late-start.js';
import { NotBackInTime, untilBackWithin, watchLateStart } from './late-watch.js';

/**
 * One fault: a replica killed (SIGKILL, no goodbye) or stopped (SIGTERM, drain and exit) and started
 * again after `downMs`, or a piece of shared infrastructure restarted or stopped for a while.
 */
export interface ReplicaFault {
  at: number;
  kind: 'kill' | 'term';
  program: Program;
  replica: number;
  downMs: number;
}
export interface InfraFault {
  at: number;
  kind: 'restart' | 'stop';
  target: 'kafka' | 'mongo' | 'redis';
  downMs: number;
}
export type Fault = ReplicaFault | InfraFault;

const isReplicaFault = (f: Fault): f is ReplicaFault => f.kind === 'kill' || f.kind === 'term';

export const describeFault = (f: Fault): string =>
  isReplicaFault(f)
    ? `${f.kind === 'kill' ? 'SIGKILL' : 'SIGTERM'} ${f.program} #${f.replica + 1}, back after ${(f.downMs / 1000).toFixed(1)} s`
    : f.kind === 'restart'
      ? `restart ${f.target}`
      : `stop ${f.target} for ${(f.downMs / 1000).toFixed(0)} s`;

/**
 * The seeded schedule over `durationMs`: every program's replicas SIGKILLed once and SIGTERMed once
 * (so each program twice), Kafka restarted once, MongoDB restarted once, Redis stopped for
 * `redisDownMs`. Faults are spread evenly over the run in a seeded order, with seeded jitter, so
 * a failing run is replayed exactly from its printed seed. Infrastructure faults keep apart from
 * each other (each gets its own third of the run).
 */
export function chaosSchedule(
  seed: number,
  durationMs: number,
  options: { replicas: number; redisDownMs: number },
): Fault[] {
  const rng = seededRng(seed);
  const pick = (n: number) => Math.floor(rng() * n);
  const replicaFaults: Omit<ReplicaFault, 'at'>[] = PROGRAMS.flatMap((program) => [
    { kind: 'kill' as const, program, replica: pick(options.replicas), downMs: 1_000 + pick(4_000) },
    { kind: 'term' as const, program, replica: pick(options.replicas), downMs: 1_000 + pick(4_000) },
  ]);
  // Fisher-Yates with the seeded generator.
  for (let i = replicaFaults.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [replicaFaults[i], replicaFaults[j]] = [replicaFaults[j]!, replicaFaults[i]!];
  }
  // The first and last tenth of the run stay calm: a baseline before, and time to recover after.
  const start = durationMs * 0.1;
  const span = durationMs * 0.8;
  const step = span / replicaFaults.length;
  const faults: Fault[] = replicaFaults.map((f, i) => ({
    ...f,
    at: Math.round(start + i * step + rng() * step * 0.5),
  }));
  const infra: Omit<InfraFault, 'at'>[] = [
    { kind: 'restart', target: 'kafka', downMs: 0 },
    { kind: 'restart', target: 'mongo', downMs: 0 },
    { kind: 'stop', target: 'redis', downMs: options.redisDownMs },
  ];
  for (let i = infra.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [infra[i], infra[j]] = [infra[j]!, infra[i]!];
  }
  for (const [i, f] of infra.entries())
    faults.push({ ...f, at: Math.round(start + (i * span) / 3 + rng() * (span / 3) * 0.3) });
  return faults.sort((a, b) => a.at - b.at);
}

/**
 * The broker outage: Kafka stopped for `kafkaDownMs` from a tenth into the run, and meanwhile every
 * program's replicas restarted one by one (SIGTERM, as a rolling deploy or a rescheduled pod), each
 * program's first replicas in the first half of the outage and its second ones in the second, so a
 * program always has a replica serving. A replica started while the broker is away must start,
 * become ready and serve: only the store is required.
 */
export function kafkaOutageSchedule(
  seed: number,
  durationMs: number,
  options: { replicas: number; kafkaDownMs: number },
): Fault[] {
  const rng = seededRng(seed);
  const stopAt = Math.round(durationMs * 0.1);
  const restarts: Omit<ReplicaFault, 'at'>[] = [];
  for (let replica = 0; replica < options.replicas; replica++)
    for (const program of PROGRAMS) restarts.push({ kind: 'term', program, replica, downMs: 1_000 });
  // Inside the outage, clear of its first and last few seconds (the broker stopping and coming back).
  const first = stopAt + 5_000;
  const step = Math.max(1_000, (options.kafkaDownMs - 10_000) / restarts.length);
  const faults: Fault[] = restarts.map((f, i) => ({ ...f, at: Math.round(first + i * step + rng() * step * 0.2) }));
  faults.push({ kind: 'stop', target: 'kafka', downMs: options.kafkaDownMs, at: stopAt });
  return faults.sort((a, b) => a.at - b.at);
}

export interface FaultWindow {
  fault: Fault;
  startedAt: number;
  /** When the program or server was serving again (healthy), or when the wait for it gave up. */
  endedAt: number;
  /** Why it was not seen back (it stays in the report: the run then fails). */
  notBack?: string;
  /** Not healthy within the limit: the machine's load then, and when (if) it was healthy after all. */
  late?: LateStart;
}

/** How long a target may take to be healthy again before the run counts it not back. */
const BACK_WITHIN_MS = 300_000;

/** The watches of late targets, each stopped when the report is written. */
const lateWatches = new WeakMap<FaultWindow, () => void>();

/** Ends the watches of targets that were late: each window's `late` then says when it was back, or that it was not. */
export function endLateWatches(windows: FaultWindow[]): void {
  for (const w of windows) lateWatches.get(w)?.();
}

/**
 * Plays the schedule against the stack, from `t0` (Date.now() when the load started). Each fault
 * runs on its own: a replica's restart overlaps whatever comes next, as real failures do.
 * Resolves with when each fault began and when its target was back.
 */
export async function playChaos(
  stack: ComposeStack,
  faults: Fault[],
  t0: number,
  log: (line: string) => void,
): Promise<FaultWindow[]> {
  // A replica already being killed or restarted is not picked again until it is back.
  const busy = new Set<string>();
  const windows = faults.map(async (fault): Promise<FaultWindow> => {
    const wait = t0 + fault.at - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const startedAt = Date.now();
    log(`[chaos] +${((startedAt - t0) / 1000).toFixed(1)} s ${describeFault(fault)}`);
    try {
      await inflict(stack, fault, busy, log);
    } catch (err) {
      const notBack = err instanceof Error ? err.message : String(err);
      log(`[chaos] +${((Date.now() - t0) / 1000).toFixed(1)} s NOT BACK: ${describeFault(fault)}: ${notBack}`);
      const window: FaultWindow = { fault, startedAt, endedAt: Date.now(), notBack };
      if (err instanceof NotBackInTime) {
        window.late = err.late;
        lateWatches.set(window, watchLateStart(stack, err.container, err.late, startedAt));
      }
      return window;
    }
    const endedAt = Date.now();
    log(
      `[chaos] +${((endedAt - t0) / 1000).toFixed(1)} s back: ${describeFault(fault)} (${((endedAt - startedAt) / 1000).toFixed(1)} s)`,
    );
    return { fault, startedAt, endedAt };
  });
  return Promise.all(windows);
}

/** The fault itself, until its target serves again. */
async function inflict(
  stack: ComposeStack,
  fault: Fault,
  busy: Set<string>,
  log: (line: string) => void,
): Promise<void> {
  if (isReplicaFault(fault)) {
    const all = await stack.containers(fault.program);
    const free = all.filter((c) => c.running && !busy.has(c.id));
    // The scheduled replica, or (when it is already down from another fault) the other one.
    const target = free.find((c) => c.id === all[fault.replica % all.length]?.id) ?? free[0];
    if (!target) throw new Error(`no running replica of ${fault.program} to ${fault.kind}`);
    busy.add(target.id);
    try {
      await killAndRestart(stack, fault, target, log);
    } finally {
      busy.delete(target.id);
    }
  } else {
    const [server] = await stack.containers(fault.target);
    if (!server) throw new Error(`no ${fault.target} container`);
    if (fault.kind === 'restart') {
      await stack.docker(['restart', '--time', '15', server.id], 120_000);
    } else {
      await stack.docker(['stop', '--time', '5', server.id], 60_000);
      await new Promise((r) => setTimeout(r, fault.downMs));
      await stack.docker(['start', server.id]);
    }
    await untilBackWithin(stack, server, BACK_WITHIN_MS, true);
  }
}

/** Signals one replica and, once it is down (or already started again by Docker), brings it back. */
async function killAndRestart(
  stack: ComposeStack,
  fault: ReplicaFault,
  target: Container,
  log: (line: string) => void,
): Promise<void> {
  const before = await stack.state(target);
  await stack.docker(['kill', '--signal', fault.kind === 'kill' ? 'KILL' : 'TERM', target.id]).catch((err: unknown) => {
    // Gone since it was picked (it exited by itself): it is down all the same.
    if (!String(err).includes('is not running')) throw err;
  });
  // SIGTERM: the program drains and exits by itself. Docker's restart policy may start it again
  // at once; otherwise it stays down for downMs, as a rescheduled pod would.
  let now = before;
  const exited = await eventually(
    async () => {
      now = await stack.state(target);
      return !now.running || now.startedAt !== before.startedAt;
    },
    60_000,
    250,
  ).then(
    () => true,
    () => false,
  );
  if (!exited) {
    // As Kubernetes does after the grace period; the run's report says it happened.
    log(`[chaos] ${target.name} still running 60 s after ${fault.kind === 'kill' ? 'SIGKILL' : 'SIGTERM'}: SIGKILL`);
    await stack.docker(['kill', '--signal', 'KILL', target.id]).catch(() => undefined);
    now = await stack.state(target);
  }
  if (!now.running) {
    await new Promise((r) => setTimeout(r, fault.downMs));
    if (!(await stack.state(target)).running) await stack.docker(['start', target.id]);
  }
  await untilBackWithin(stack, target, BACK_WITHIN_MS, false);
}
