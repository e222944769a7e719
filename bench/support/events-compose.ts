/**
 * The event path on the distributed product as docker-compose.yml ships it (two replicas of every
 * program behind the lb, Kafka, MongoDB, Redis, the SMTP catcher; the local images of
 * scripts/images/build.sh), brought up and driven with the compose system test's own helpers:
 * each move is priced, saved, checked out and paid through the entry point (the local Stripe API
 * and its signed webhook), one every 1/rate s, and timed from the webhook's answer to the
 * customer's confirmation mail at the SMTP catcher (its receipt time). A consumer group of the
 * bench's own, reading Kafka from this host, notes when PaymentSucceeded and BookingConfirmed
 * reach the broker, which splits the path into hops.
 */
import net from 'node:net';
import { TOPICS } from '@vanhop/contracts';
import { ComposeStack, composeReadiness } from '../../test/system/compose-stack.js';
import { FAULT_RUN_ENV } from '../../test/system/fault-run/settings.js';
import { MoveClient, newTally, type MoveResult } from '../../test/system/fault-run/moves.js';
import { cpuWindow } from './container-cpu.js';
import type { EventsRun } from './events-report.js';

/** How long the stack's idle CPU is read for, after the warm-up moves. */
const IDLE_WINDOW_MS = 20_000;

const CONFIRMED = /^Booking confirmed: .* \(ref (\d+)\)$/;

interface ObservedTimes {
  paymentSucceeded: Map<number, number>;
  bookingConfirmed: Map<number, number>;
}

/**
 * A consumer of the stack's Kafka from this host. The broker advertises itself as `kafka:9092`,
 * a name only the compose network resolves, so connections to it go to the container's address.
 */
async function observeKafka(stack: ComposeStack, runId: string) {
  const [kafka] = await stack.containers('kafka');
  if (!kafka?.ip) throw new Error('no kafka container address');
  const { Kafka, logLevel } = await import('kafkajs');
  const client = new Kafka({
    clientId: `bench-events-${runId}`,
    brokers: [`${kafka.ip}:9092`],
    logLevel: logLevel.NOTHING,
    socketFactory: ({ host, port, onConnect }) => {
      const socket = net.connect({ host: host === 'kafka' ? kafka.ip : host, port }, onConnect);
      socket.setKeepAlive(true, 60_000);
      return socket;
    },
  });
  const times: ObservedTimes = { paymentSucceeded: new Map(), bookingConfirmed: new Map() };
  const consumer = client.consumer({ groupId: `bench-events-${runId}`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [TOPICS.paymentSucceeded, TOPICS.bookingConfirmed], fromBeginning: false });
  const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
  await consumer.run({
    eachMessage: async ({ topic, message }) => {
      const at = Date.now();
      const event = JSON.parse(message.value?.toString('utf8') ?? '{}') as { data?: { randomNumber?: number } };
      const code = event.data?.randomNumber;
      if (code === undefined) return;
      const map = topic === TOPICS.paymentSucceeded ? times.paymentSucceeded : times.bookingConfirmed;
      if (!map.has(code)) map.set(code, at);
    },
  });
  await joined;
  return { times, stop: () => consumer.disconnect() };
}

/** When each move's confirmation mail reached the SMTP catcher (its own receipt time), by booking code. */
async function confirmationMailTimes(stack: ComposeStack): Promise<Map<number, number>> {
  const res = await fetch(`${stack.mailUrl}/api/v1/messages`);
  if (!res.ok) throw new Error(`the SMTP catcher answered ${res.status}`);
  const { messages } = (await res.json()) as { messages: { Subject: string; Created: string }[] };
  const times = new Map<number, number>();
  for (const m of messages) {
    const code = CONFIRMED.exec(m.Subject)?.[1];
    if (code) times.set(Number(code), Date.parse(m.Created));
  }
  return times;
}

export async function composeEventsRun(
  moves: number,
  rate: number,
  log: (line: string) => void,
  keep = false,
): Promise<EventsRun | { skipped: string }> {
  const { compose, reason } = await composeReadiness();
  if (!compose) return { skipped: reason ?? 'no compose' };
  const runId = Date.now().toString(36);
  const stack = new ComposeStack(compose, `vanhop-bench-${runId}`, { env: FAULT_RUN_ENV, log });
  try {
    await stack.up();
    const observer = await observeKafka(stack, runId);
    try {
      const client = new MoveClient(stack, newTally());
      // A few moves first, not counted: the first requests warm each replica's connections and JIT.
      await Promise.all(Array.from({ length: 4 }, (_, i) => client.bookAndPay(100_000 + i, `warm-${runId}`)));
      const containers = await stack.containers();
      const idle = await cpuWindow(containers);
      await new Promise((r) => setTimeout(r, IDLE_WINDOW_MS));
      const idleCpu = await idle.end();
      const busy = await cpuWindow(containers);
      const t0 = Date.now();
      const started: Promise<MoveResult>[] = [];
      for (let i = 0; i < moves; i++) {
        const wait = t0 + (i * 1000) / rate - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        started.push(client.bookAndPay(i, runId));
      }
      const results = await Promise.all(started);
      const busyCpu = await busy.end();
      const paid = results.filter((r) => r.code !== undefined && r.paidAt !== undefined);
      const deadline = Date.now() + 60_000;
      let mailed = new Map<number, number>();
      while (Date.now() < deadline) {
        mailed = await confirmationMailTimes(stack);
        if (paid.every((r) => mailed.has(r.code!))) break;
        await new Promise((r) => setTimeout(r, 1_000));
      }
      const hop = (from: (c: number) => number | undefined, to: (c: number) => number | undefined) =>
        paid.flatMap((r) => {
          const a = from(r.code!);
          const b = to(r.code!);
          return a !== undefined && b !== undefined ? [b - a] : [];
        });
      const paidAt = (c: number) => paid.find((r) => r.code === c)?.paidAt;
      const { paymentSucceeded, bookingConfirmed } = observer.times;
      return {
        label: 'compose stack (2 replicas each, Kafka, MongoDB, SMTP)',
        count: paid.length,
        failed: results.length - paid.length,
        endToEnd: hop(paidAt, (c) => mailed.get(c)),
        cpu: [
          ...(idleCpu ? [{ window: `idle (${IDLE_WINDOW_MS / 1000} s before the moves)`, ...idleCpu }] : []),
          ...(busyCpu ? [{ window: 'while the moves were made', ...busyCpu }] : []),
        ],
        hops: [
          {
            name: 'webhook answered → PaymentSucceeded on Kafka (payment outbox relay)',
            values: hop(paidAt, (c) => paymentSucceeded.get(c)),
          },
          {
            name: 'PaymentSucceeded → BookingConfirmed on Kafka (booking consumer, outbox relay)',
            values: hop(
              (c) => paymentSucceeded.get(c),
              (c) => bookingConfirmed.get(c),
            ),
          },
          {
            name: 'BookingConfirmed → mail at the SMTP catcher (notification consumer, SMTP)',
            values: hop(
              (c) => bookingConfirmed.get(c),
              (c) => mailed.get(c),
            ),
          },
        ],
      };
    } finally {
      await observer.stop().catch(() => undefined);
    }
  } finally {
    if (keep)
      log(
        // docker compose down would need this run's secrets to read the files: docker alone does it.
        `[compose] left up (gateway ${stack.gatewayUrl}, mail ${stack.mailUrl}); remove it with: ` +
          `P=${stack.project}; docker rm -f $(docker ps -aq --filter label=com.docker.compose.project=$P); ` +
          'docker network rm $(docker network ls -q --filter label=com.docker.compose.project=$P); ' +
          'docker volume rm $(docker volume ls -q --filter label=com.docker.compose.project=$P)',
      );
    else await stack.down().catch((err) => log(`[compose] down failed: ${String(err)}`));
  }
}
