/** One measured deployment of the event path: end-to-end times and the hops between, in ms. */
export interface EventsRun {
  label: string;
  /** Moves paid (and timed). */
  count: number;
  /** Moves that never got paid (the compose run's client gave up); none expected. */
  failed: number;
  /** Payment → the customer's confirmation mail, one value per mailed move. */
  endToEnd: number[];
  hops: { name: string; values: number[] }[];
  /** CPU of the deployment's containers (all replicas of a program together), idle and during the moves. */
  cpu?: { window: string; totalCores: number; byProgram: { program: string; cores: number }[] }[];
  /** Publishes seen on the bus per topic, against the events they carried (more: some went out twice). */
  publishes?: { topic: string; events: number; publishes: number }[];
}

export function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const ms = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)} ms`);

export function printRun(run: EventsRun, targetP95Ms: number, log: (line: string) => void): void {
  const e = run.endToEnd;
  const verdict = (percentile(e, 95) ?? Number.POSITIVE_INFINITY) <= targetP95Ms ? 'within' : 'OVER';
  log(`\n${run.label}`);
  log(
    `  mailed ${e.length}/${run.count}${run.failed ? ` (${run.failed} moves not paid)` : ''}   p50 ${ms(percentile(e, 50))}   p95 ${ms(percentile(e, 95))}   p99 ${ms(percentile(e, 99))}   max ${ms(percentile(e, 100))}   (${verdict} the target p95 <= ${targetP95Ms} ms)`,
  );
  // In the order the moves were paid: rising figures mean the deployment fell behind the rate.
  const fifth = Math.max(1, Math.ceil(e.length / 5));
  const trend = Array.from({ length: Math.ceil(e.length / fifth) }, (_, i) =>
    ms(percentile(e.slice(i * fifth, (i + 1) * fifth), 50)),
  );
  log(`    p50 of each fifth of the moves, in order: ${trend.join(', ')}`);
  for (const p of run.publishes ?? [])
    log(
      `    ${p.topic}: ${p.publishes} publishes of ${p.events} events (${(p.publishes / Math.max(1, p.events)).toFixed(2)} per event)`,
    );
  for (const w of run.cpu ?? [])
    log(
      `    CPU ${w.window}: ${w.totalCores.toFixed(2)} cores (${w.byProgram.map((p) => `${p.program} ${p.cores.toFixed(2)}`).join(', ')})`,
    );
  for (const hop of run.hops)
    log(
      `    ${hop.name}: p50 ${ms(percentile(hop.values, 50))}   p95 ${ms(percentile(hop.values, 95))}   p99 ${ms(percentile(hop.values, 99))}`,
    );
}
