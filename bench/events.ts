/**
 * Event path: payment → (booking) BookingConfirmed → (notification) the customer's confirmation
 * e-mail, timed per move at 2 moves a second, with p50/p95/p99 and the hops between, on up to three
 * deployments side by side:
 *  - the services in this process on the in-process bus (as the embedded product);
 *  - the same over a Kafka broker, when KAFKA_BROKERS answers (`eval "$(bash scripts/infra/start.sh)"`
 *    starts the loopback one): each service its own client, topics and groups in a namespace of
 *    this run; PaymentSucceeded from a separate producer, as the payment service's would;
 *  - with `--compose`: the distributed product of docker-compose.yml (two replicas of every program,
 *    Kafka, MongoDB, Redis, the SMTP catcher) on the local images, moves paid through the entry
 *    point and its local Stripe API, timed to the mail's arrival at the SMTP catcher. Needs Docker
 *    and the images, built from the working tree: `bash scripts/images/ensure-docker.sh &&
 *    bash scripts/images/build.sh`. The stack is brought up and taken down by the bench.
 *
 * Run: npx tsx bench/events.ts [moves] [--compose | --compose-only] [--rate N] [--keep]
 *   (default 40 moves at 2 a second; --keep leaves the compose stack up, to read its logs and metrics)
 * Takes about a minute without --compose; with it, 3 to 6 minutes more (mostly the stack's start).
 */
import './support/raw-text.js';
import { percentile, printRun, type EventsRun } from './support/events-report.js';

const TARGET_P95_MS = 1_000;
/** How long the two-replica outbox run's bus holds each acknowledgement: a loaded broker's. */
const OUTBOX_ACK_MS = 600;
const rateArg = process.argv.indexOf('--rate');
const RATE_PER_S = rateArg >= 0 ? Number(process.argv[rateArg + 1]) : 2;
if (!(RATE_PER_S > 0 && RATE_PER_S <= 20))
  throw new Error('--rate must be a number of moves a second, above 0 and at most 20');
const moves = Math.min(Math.max(Number(process.argv[2]?.match(/^\d+$/)?.[0] ?? 40), 5), 500);
const composeOnly = process.argv.includes('--compose-only');
const withCompose = composeOnly || process.argv.includes('--compose');
const keep = process.argv.includes('--keep');
const log = (line: string) => console.log(line);

async function kafkaProblem(brokers: string | undefined): Promise<string | null> {
  if (!brokers) return 'KAFKA_BROKERS is not set';
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({
    clientId: 'vanhop-bench-probe',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    retry: { retries: 1 },
  }).admin();
  try {
    await Promise.race([
      admin.connect().then(() => admin.describeCluster()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer within 10 s')), 10_000)),
    ]);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

const { servicesEventsRun } = await import('./support/events-services.js');
log(`${moves} moves at ${RATE_PER_S} a second on each deployment; target p95 <= ${TARGET_P95_MS} ms`);
const runs: EventsRun[] = [];
if (!composeOnly) {
  runs.push(await servicesEventsRun(moves, 1000 / RATE_PER_S));
  printRun(runs.at(-1)!, TARGET_P95_MS, log);
  const brokers = process.env.KAFKA_BROKERS?.trim();
  const problem = await kafkaProblem(brokers);
  if (problem === null) {
    runs.push(await servicesEventsRun(moves, 1000 / RATE_PER_S, brokers));
    printRun(runs.at(-1)!, TARGET_P95_MS, log);
  } else log(`\nloopback Kafka: not measured (${problem}; start one with: eval "$(bash scripts/infra/start.sh)")`);
}

if (!composeOnly) {
  const { outboxReplicasRun, outboxBacklogRun } = await import('./support/outbox-replicas-run.js');
  const r = await outboxReplicasRun(moves, 1000 / RATE_PER_S, OUTBOX_ACK_MS);
  log(
    `\ntwo replicas' outbox relays over one store, ${r.events} events at ${RATE_PER_S} a second, each publish acknowledged after ${r.ackMs} ms (a loaded broker):`,
  );
  log(
    `  ${r.publishes} publishes for ${r.events} events (${(r.publishes / r.events).toFixed(2)} per event; 1.00 is none doubled)`,
  );
  const backlog = await outboxBacklogRun(Math.max(moves * 5, 200), OUTBOX_ACK_MS);
  log(
    `the same two relays after a broker outage, ${backlog.events} events parked meanwhile, both safety polls running:`,
  );
  log(
    `  ${backlog.publishes} publishes for ${backlog.events} events (${(backlog.publishes / backlog.events).toFixed(2)} per event; 1.00 is none doubled)`,
  );
}

if (withCompose) {
  const { composeEventsRun } = await import('./support/events-compose.js');
  const result = await composeEventsRun(moves, RATE_PER_S, log, keep);
  if ('skipped' in result) log(`\ncompose stack: not measured (${result.skipped})`);
  else {
    runs.push(result);
    printRun(result, TARGET_P95_MS, log);
  }
} else log('\ncompose stack: not measured (add --compose)');

log('\nsummary (payment → confirmation mail):');
for (const r of runs)
  log(
    `  ${r.label}: p50 ${percentile(r.endToEnd, 50)?.toFixed(0) ?? 'n/a'} ms, p95 ${percentile(r.endToEnd, 95)?.toFixed(0) ?? 'n/a'} ms, p99 ${percentile(r.endToEnd, 99)?.toFixed(0) ?? 'n/a'} ms (${r.endToEnd.length}/${r.count} mailed)`,
  );
// kafkajs and the services' timers may keep the loop alive after their stop: the figures are out.
process.exit(0);
