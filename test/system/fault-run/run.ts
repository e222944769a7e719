import { randomBytes } from 'node:crypto';
import type { ComposeStack } from '../compose-stack.js';
import { audit, percentile, untilMailed, type Audit } from './audit.js';
import {
  chaosSchedule,
  describeFault,
  endLateWatches,
  kafkaOutageSchedule,
  playChaos,
  type Fault,
  type FaultWindow,
} from './chaos.js';
import { lateStartNote } from './late-start.js';
import { diagnose } from './diagnose.js';
import { MoveClient, newTally, type MoveResult, type RequestTally } from './moves.js';
import { staffToken } from '../../support/hostile-input.js';

export interface FaultRunOptions {
  moves: number;
  /** Moves started per second, evenly spaced (an open loop: a slow answer never slows the sending). */
  rate: number;
  seed: number;
  replicas: number;
  redisDownMs: number;
  /** Set: the broker-outage scenario ({@link kafkaOutageSchedule}) instead of the chaos schedule. */
  kafkaDownMs?: number;
  log: (line: string) => void;
}

export interface FaultRunReport {
  seed: number;
  schedule: Fault[];
  windows: FaultWindow[];
  tally: RequestTally;
  results: MoveResult[];
  audit: Audit;
  durationMs: number;
  /** The programs' own "unhandled error" log lines (a 500's cause), from every container. */
  unhandled: string[];
}

/** The mail wait ends when no mail or driver job has appeared for this long... */
const MAIL_STALL_MS = 120_000;
/** ...or at this cap: a full-size outage's backlog, caught up on a loaded machine, fits well within it. */
const MAIL_WAIT_CAP_MS = 30 * 60_000;

async function unhandledErrors(stack: ComposeStack): Promise<string[]> {
  const logs = await stack.run(['logs', '--no-color'], 120_000).catch((err: unknown) => String(err));
  return logs.split('\n').filter((line) => line.includes('"msg":"unhandled error"'));
}

/**
 * Books and pays `moves` moves through the entry point at a steady rate while the seeded chaos
 * schedule kills, stops and restarts replicas and infrastructure; then waits for the mail and
 * counts from the stores and the SMTP catcher.
 */
export async function faultRun(stack: ComposeStack, o: FaultRunOptions): Promise<FaultRunReport> {
  const runId = randomBytes(3).toString('hex');
  const spanMs = (o.moves / o.rate) * 1000;
  const schedule =
    o.kafkaDownMs !== undefined
      ? kafkaOutageSchedule(o.seed, spanMs, { replicas: o.replicas, kafkaDownMs: o.kafkaDownMs })
      : chaosSchedule(o.seed, spanMs, { replicas: o.replicas, redisDownMs: o.redisDownMs });
  o.log(
    `[fault-run] seed ${o.seed}: ${o.moves} moves at ${o.rate}/s over ${(spanMs / 1000).toFixed(0)} s, ${schedule.length} faults:`,
  );
  for (const f of schedule) o.log(`[fault-run]   +${(f.at / 1000).toFixed(1)} s ${describeFault(f)}`);

  const tally = newTally();
  // Staff sign in before the faults start, as the office does in the morning.
  const staff = await staffToken(
    stack.gatewayUrl,
    stack.secrets.ADMIN_SIGNUP_CODE!,
    'faultrunstaff',
    'fault-run-pass-123',
  );
  const client = new MoveClient(stack, tally, undefined, staff);
  const t0 = Date.now();
  const chaos = playChaos(stack, schedule, t0, o.log);
  const moves: Promise<MoveResult>[] = [];
  for (let i = 0; i < o.moves; i++) {
    const wait = t0 + (i * 1000) / o.rate - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    moves.push(client.bookAndPay(i, runId));
    if ((i + 1) % Math.max(1, Math.round(o.moves / 10)) === 0)
      o.log(`[fault-run] +${((Date.now() - t0) / 1000).toFixed(0)} s: ${i + 1} moves started`);
  }
  const [results, windows] = await Promise.all([Promise.all(moves), chaos]);
  const paidCodes = results.flatMap((r) => (r.code !== undefined && r.paidAt !== undefined ? [r.code] : []));
  o.log(
    `[fault-run] +${((Date.now() - t0) / 1000).toFixed(0)} s: all moves answered (${paidCodes.length} paid); waiting for their mail`,
  );
  const waitFrom = Date.now();
  const waited = await untilMailed(stack, paidCodes, { stallMs: MAIL_STALL_MS, capMs: MAIL_WAIT_CAP_MS });
  const waitedS = ((Date.now() - waitFrom) / 1000).toFixed(0);
  if (!waited.done)
    o.log(
      `[fault-run] gave up waiting after ${waitedS} s (no progress for ${MAIL_STALL_MS / 1000} s, or the cap): ${waited.mailed} of ${paidCodes.length} moves mailed, ${waited.jobs} driver jobs`,
    );
  else o.log(`[fault-run] every paid move mailed and its driver job made, ${waitedS} s after the last answer`);
  const counted = await audit(stack, results, windows);
  endLateWatches(windows);
  if (counted.violations.length > 0) await diagnose(stack, o.log);
  return {
    seed: o.seed,
    schedule,
    windows,
    tally,
    results,
    audit: counted,
    durationMs: Date.now() - t0,
    unhandled: await unhandledErrors(stack),
  };
}

/**
 * The run passed: nothing lost, doubled or unexplained; every request answered, or clearly refused
 * for a retry (a connection cut by a replica killed mid-answer counts, is listed, and was retried);
 * none hung; every move paid in the end; every fault recovered.
 */
export const passed = (r: FaultRunReport): boolean =>
  r.audit.violations.length === 0 &&
  r.tally.refused === 0 &&
  r.tally.hung === 0 &&
  r.results.every((m) => !m.failed) &&
  unserved(r).length === 0 &&
  r.windows.every((w) => !w.notBack);

/** Paid moves whose customer could not see their success page and My move, or staff their pages. */
export const unserved = (r: FaultRunReport): string[] =>
  r.results.flatMap((m) => [
    ...(typeof m.afterPayment === 'object' ? [`#${m.index} after payment: ${m.afterPayment.problem}`] : []),
    ...(typeof m.staffPages === 'object' ? [`#${m.index} staff pages: ${m.staffPages.problem}`] : []),
  ]);

export function printReport(r: FaultRunReport, log: (line: string) => void): void {
  const failed = r.results.filter((m) => m.failed);
  const ms = (v: number | null) => (v === null ? 'n/a' : `${(v / 1000).toFixed(2)} s`);
  const { duringFaults, outsideFaults } = r.audit.latency;
  log(
    `[fault-run] seed ${r.seed}, ${r.results.length} moves in ${(r.durationMs / 1000).toFixed(0)} s, ${r.schedule.length} faults`,
  );
  log(
    `[fault-run] paid ${r.audit.paid}, not paid ${failed.length}${
      failed.length
        ? ` (${failed
            .slice(0, 5)
            .map((m) => `#${m.index}: ${m.failed}`)
            .join('; ')})`
        : ''
    }`,
  );
  log(
    `[fault-run] requests: ${r.tally.ok} answered, ${r.tally.retryable} retryable 5xx (${
      Object.entries(r.tally.byStatus)
        .filter(([s]) => Number(s) >= 500)
        .map(([s, n]) => `${n} x ${s}`)
        .join(', ') || 'none'
    }), ${r.tally.refused} refused, ${r.tally.network} without an answer, ${r.tally.hung} hung`,
  );
  for (const refusal of r.tally.refusals.slice(0, 10)) log(`[fault-run]   refused: ${refusal}`);
  const shown = r.results.filter((m) => m.afterPayment === 'shown').length;
  const staffShown = r.results.filter((m) => m.staffPages === 'shown').length;
  const staffAsked = r.results.filter((m) => m.staffPages !== undefined).length;
  log(
    `[fault-run] customers back from the checkout saw the success page and My move: ${shown} of ${r.results.filter((m) => m.afterPayment).length}; staff pages answered: ${staffShown} of ${staffAsked}`,
  );
  for (const line of unserved(r).slice(0, 10)) log(`[fault-run]   not served: ${line}`);
  for (const reset of r.tally.resets.slice(0, 10)) log(`[fault-run]   no answer (retried): ${reset}`);
  log(
    `[fault-run] mail: ${r.audit.confirmationMails} confirmations, ${r.audit.driverMails} driver mails; ` +
      `${r.audit.resent} delivered again with the same Message-ID (a send repeated after a kill)`,
  );
  log(
    `[fault-run] paid → mailed: outside faults p50 ${ms(percentile(outsideFaults, 50))} p99 ${ms(percentile(outsideFaults, 99))} (${outsideFaults.length}); ` +
      `during faults p50 ${ms(percentile(duringFaults, 50))} p99 ${ms(percentile(duringFaults, 99))} (${duringFaults.length})`,
  );
  const slow = r.windows.filter((w) => w.notBack);
  log(
    `[fault-run] faults recovered: ${r.windows.length - slow.length} of ${r.windows.length}${slow.map((w) => `; not back: ${describeFault(w.fault)} (${w.notBack})`).join('')}`,
  );
  for (const w of slow) if (w.late) log(`[fault-run]   late: ${describeFault(w.fault)}: ${lateStartNote(w.late)}`);
  log(`[fault-run] unhandled errors in the programs' logs: ${r.unhandled.length}`);
  for (const line of r.unhandled.slice(0, 5)) log(`[fault-run]   ${line.slice(0, 1500)}`);
  log(`[fault-run] violations: ${r.audit.violations.length}`);
  for (const v of r.audit.violations.slice(0, 20)) log(`[fault-run]   ${v}`);
}
