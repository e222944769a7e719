/**
 * Handled offsets are committed in batches, not after each event: a consumer killed between
 * handling an event and committing it must leave the event to the group's next member, which
 * reads it again and, through the handlers' dedupe on eventId, does not apply it twice; and an
 * event published after the kill is not lost. With a real broker and MongoDB, and a real kill
 * (SIGKILL of a child process whose commits were due only after an hour).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@vanhop/contracts';
import { KafkaEventBus } from '../src/adapters/kafka-event-bus.js';
import { MongoDocumentStore } from '../src/adapters/mongo-document-store.js';
import { createLogger } from '../src/logger.js';
import { infraTarget } from './infra-env.js';
import { eventually, uniqueSuffix } from './contracts/eventually.js';
import { SIDE_EFFECTS, sideEffectHandler } from './support/kafka-crash-handler.js';

const brokers = await infraTarget('kafka');
const mongoUrl = await infraTarget('mongo');

const event = (n: number): EventEnvelope => ({
  eventId: randomUUID(),
  type: 'crash.tested',
  version: 1,
  occurredAt: new Date().toISOString(),
  correlationId: `c${n}`,
  producer: 'crash-test',
  data: { n },
});

describe.skipIf(!brokers || !mongoUrl)('KafkaEventBus batched commits and a crash between handling and commit', () => {
  const logger = createLogger('crash-test', 'silent');
  const run = uniqueSuffix();
  const namespace = `crash-${run}.`;
  const group = 'mailer';
  const topic = 'orders';
  const dbName = `crash_test_${run}`;
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  const startChild = (): { child: ChildProcess; handled: Set<string>; started: Promise<void> } => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'support/kafka-crash-child.ts')],
      {
        env: {
          ...process.env,
          KAFKA_BROKERS: brokers!,
          MONGO_URL: mongoUrl!,
          MONGO_DB: dbName,
          NAMESPACE: namespace,
          GROUP: group,
          TOPIC: topic,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    cleanup.push(async () => child.kill('SIGKILL'));
    const handled = new Set<string>();
    const started = new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`the consumer process exited (${code}) before it started`)));
      let buffer = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString('utf8');
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          if (line === 'started') resolve();
          else if (line.startsWith('handled ')) handled.add(line.slice('handled '.length));
        }
      });
    });
    return { child, handled, started };
  };

  it('hands an event handled but not committed to the next member, applied once, and loses none', async () => {
    const store = await MongoDocumentStore.connect({ url: mongoUrl!, dbName, logger });
    cleanup.push(() => store.close());
    const producer = await KafkaEventBus.create({
      brokers: brokers!.split(','),
      clientId: 'crash-producer',
      namespace,
      logger,
      topics: [topic],
      partitions: 1,
    });
    cleanup.push(() => producer.stop());
    await producer.start();

    const first = startChild();
    await first.started;
    const before = event(1);
    await producer.publish(topic, before, 'booking-1');
    await eventually(() => first.handled.has(before.eventId), 120_000, 50);
    // Killed after handling, long before its commit was due.
    const exited = new Promise((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGKILL');
    await exited;
    const after = event(2);
    await producer.publish(topic, after, 'booking-1');

    const delivered: string[] = [];
    const next = await KafkaEventBus.create({
      brokers: brokers!.split(','),
      clientId: 'crash-next',
      namespace,
      logger,
      topics: [],
      partitions: 1,
      maxWaitTimeMs: 200,
    });
    cleanup.push(() => next.stop());
    await next.subscribe(
      group,
      topic,
      sideEffectHandler(store, group, (id) => delivered.push(id)),
    );
    await next.start();
    // The broker hands the partition over once the killed member's session has expired.
    await eventually(() => delivered.includes(after.eventId), 120_000, 50);

    // Read again (not committed by the killed consumer), in order, and applied once all the same.
    expect(delivered).toEqual([before.eventId, after.eventId]);
    const effects = await store.collection<{ _id: string; eventId: string }>(SIDE_EFFECTS).find({});
    expect(effects.map((e) => e.eventId).sort()).toEqual([before.eventId, after.eventId].sort());
  }, 180_000);
});
