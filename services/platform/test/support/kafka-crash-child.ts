/**
 * A consumer process for kafka-commit-after-crash.test.ts: one group on one topic whose handler is
 * idempotent (the platform's wrapper over MongoDB, its side effect one document per event) and
 * whose handled offsets would be committed only after an hour, so a kill after "handled" is a
 * crash between handling and commit. Prints "started", then "handled <eventId>" per event.
 * Env: KAFKA_BROKERS, MONGO_URL, MONGO_DB, NAMESPACE, GROUP, TOPIC.
 */
import { MongoDocumentStore } from '../../src/adapters/mongo-document-store.js';
import { KafkaEventBus } from '../../src/adapters/kafka-event-bus.js';
import { createLogger } from '../../src/logger.js';
import { sideEffectHandler } from './kafka-crash-handler.js';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const logger = createLogger('crash-child', 'silent');
const store = await MongoDocumentStore.connect({ url: env('MONGO_URL'), dbName: env('MONGO_DB'), logger });
const bus = await KafkaEventBus.create({
  brokers: env('KAFKA_BROKERS').split(','),
  clientId: 'crash-child',
  namespace: env('NAMESPACE'),
  logger,
  topics: [],
  partitions: 1,
  maxWaitTimeMs: 200,
  // The broker's smallest: the partition moves to the next member soon after the kill.
  sessionTimeoutMs: 6_000,
  commitEveryMs: 3_600_000,
});
await bus.subscribe(
  env('GROUP'),
  env('TOPIC'),
  sideEffectHandler(store, env('GROUP'), (eventId) => process.stdout.write(`handled ${eventId}\n`)),
);
await bus.start();
process.stdout.write('started\n');
