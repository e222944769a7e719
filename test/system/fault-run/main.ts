/**
 * The fault run at full size, by hand (CI runs it smaller inside test/system/compose.test.ts):
 *
 *   bash scripts/images/build.sh
 *   npx tsx test/system/fault-run/main.ts [--moves 1000] [--rate 1.5] [--seed N] [--keep]
 *   npx tsx test/system/fault-run/main.ts --kafka-outage 600 [--moves 1000] [--rate 1.5]
 *
 * Brings the compose stack up (two replicas of every program behind the lb, on the local images),
 * books and pays the moves through the entry point while the seeded chaos schedule runs, prints the
 * counts and the paid-to-mailed times, and takes the stack down (--keep leaves it up). Exits 1 when
 * anything was lost, doubled or unexplained, or a request hung or got no clear answer.
 * `--kafka-outage S`: instead of the chaos schedule, Kafka is stopped for S seconds while every
 * program's replicas are restarted one by one.
 */
import { ComposeStack, composeReadiness } from '../compose-stack.js';
import { FAULT_RUN_ENV } from './settings.js';
import { faultRun, passed, printReport } from './run.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};

const moves = arg('moves', 1000);
const rate = arg('rate', 1.5);
const seed = arg('seed', Math.floor(Math.random() * 2 ** 31));
const keep = process.argv.includes('--keep');
const kafkaDownMs = process.argv.includes('--kafka-outage') ? arg('kafka-outage', 600) * 1000 : undefined;
const log = (line: string) => console.log(line);

const { compose, reason } = await composeReadiness();
if (!compose) {
  console.error(`[fault-run] cannot run: ${reason}`);
  process.exit(2);
}
const stack = new ComposeStack(compose, undefined, { env: FAULT_RUN_ENV, publishMongo: true, log });
let ok = false;
try {
  await stack.up();
  const report = await faultRun(stack, { moves, rate, seed, replicas: 2, redisDownMs: 20_000, kafkaDownMs, log });
  printReport(report, log);
  ok = passed(report);
} catch (err) {
  console.error(err);
} finally {
  if (keep)
    log(
      `[fault-run] stack left up: docker-compose -p ${stack.project} ... (gateway ${stack.gatewayUrl}, mail ${stack.mailUrl})`,
    );
  else await stack.down().catch((err) => console.error(err));
}
process.exit(ok ? 0 : 1);
