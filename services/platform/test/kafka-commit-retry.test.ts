/**
 * Offset commits wait out a moving or loading group coordinator (a loaded CI machine failed the
 * multi-process test when a commit met NOT_COORDINATOR after a consumer restart). The errors are
 * kafkajs's own classes; the consumer is a stand-in that fails its first commits, since a real
 * broker cannot be made to answer NOT_COORDINATOR on demand.
 */
import { describe, expect, it } from 'vitest';
import { KafkaJSConnectionError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs';
import { isCoordinatorSettling, isMetadataSettling, KafkaEventBus } from '../src/adapters/kafka-event-bus.js';
import { createLogger } from '../src/logger.js';

// The broker's answers, as kafkajs's protocol/error.js names them (codes 14, 15, 16, 27).
const protocolError = (type: string, code: number, retriable = true) =>
  new KafkaJSProtocolError({ type, code, message: type, retriable } as never);
const notCoordinator = () => protocolError('NOT_COORDINATOR_FOR_GROUP', 16);
const loading = () => protocolError('GROUP_LOAD_IN_PROGRESS', 14);
const unavailable = () => protocolError('GROUP_COORDINATOR_NOT_AVAILABLE', 15);
const rebalancing = () => protocolError('REBALANCE_IN_PROGRESS', 27);

describe('isCoordinatorSettling', () => {
  it('says yes to the coordinator moving or loading, under kafkajs names and the broker’s, also wrapped', () => {
    for (const e of [notCoordinator(), loading(), unavailable()]) expect(isCoordinatorSettling(e)).toBe(true);
    for (const type of ['NOT_COORDINATOR', 'COORDINATOR_LOAD_IN_PROGRESS', 'COORDINATOR_NOT_AVAILABLE'])
      expect(isCoordinatorSettling({ type })).toBe(true);
    expect(
      isCoordinatorSettling(
        new KafkaJSNumberOfRetriesExceeded(notCoordinator(), { retryCount: 8, retryTime: 10_000 } as never),
      ),
    ).toBe(true);
  });

  it('says no to a rebalance, an outage, or metadata errors; metadata settling says no to coordinator errors', () => {
    expect(isCoordinatorSettling(rebalancing())).toBe(false);
    expect(isCoordinatorSettling(new KafkaJSConnectionError('Connection error: connect ECONNREFUSED'))).toBe(false);
    expect(isCoordinatorSettling(protocolError('UNKNOWN_TOPIC_OR_PARTITION', 3))).toBe(false);
    expect(isMetadataSettling(notCoordinator())).toBe(false);
  });
});

type CommitWithRetry = (
  group: string,
  consumer: { commitOffsets(o: unknown[]): Promise<void> },
  offsets: { topic: string; partition: number; offset: string }[],
) => Promise<void>;

/** The bus's commit path (private: reached here as the message handler reaches it). Nothing connects. */
async function commitPath(withinMs = 5_000) {
  const bus = await KafkaEventBus.create({
    brokers: ['127.0.0.1:1'],
    clientId: 'commit-test',
    logger: createLogger('commit-test', 'silent'),
    settle: { withinMs, firstDelayMs: 1, maxDelayMs: 5 },
  });
  return (bus as unknown as { commitWithRetry: CommitWithRetry }).commitWithRetry.bind(bus);
}

function consumerFailing(errors: (() => Error)[]) {
  const commits: unknown[][] = [];
  return {
    commits,
    commitOffsets: async (offsets: unknown[]) => {
      commits.push(offsets);
      const next = errors.shift();
      if (next) throw next();
    },
  };
}

describe('KafkaEventBus offset commit', () => {
  it('retries a commit that meets NOT_COORDINATOR, a loading or an unavailable coordinator', async () => {
    const commit = await commitPath();
    const consumer = consumerFailing([
      notCoordinator,
      () => new KafkaJSNumberOfRetriesExceeded(loading(), { retryCount: 8, retryTime: 10_000 } as never),
      unavailable,
    ]);
    await commit('notification', consumer, [{ topic: 'orders', partition: 1, offset: '42' }]);
    expect(consumer.commits).toHaveLength(4);
    expect(
      consumer.commits.every(
        (c) => JSON.stringify(c) === JSON.stringify([{ topic: 'orders', partition: 1, offset: '42' }]),
      ),
    ).toBe(true);
  });

  it('throws anything else at once (the offsets stay noted for the next commit)', async () => {
    const commit = await commitPath();
    const consumer = consumerFailing([rebalancing]);
    await expect(commit('notification', consumer, [{ topic: 'orders', partition: 0, offset: '1' }])).rejects.toThrow(
      'REBALANCE_IN_PROGRESS',
    );
    expect(consumer.commits).toHaveLength(1);
  });

  it('gives up with the coordinator error once the settle bound has passed', async () => {
    const commit = await commitPath(200);
    const consumer = consumerFailing(Array.from({ length: 100_000 }, () => notCoordinator));
    const err = await commit('notification', consumer, [{ topic: 'orders', partition: 0, offset: '1' }]).catch(
      (e: unknown) => e as Error,
    );
    expect(err).toBeInstanceOf(Error);
    expect(err!.message).toMatch(/group coordinator did not settle within 200 ms.*NOT_COORDINATOR_FOR_GROUP/);
    // kafkajs restarts a crashed consumer when the innermost cause is retriable: it still does.
    expect((err!.cause as { retriable?: boolean }).retriable).toBe(true);
  });
});
