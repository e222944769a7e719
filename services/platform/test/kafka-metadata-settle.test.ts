/**
 * The Kafka adapter's wait for topic metadata to settle (On a loaded machine a
 * consumer subscribing right after its topics were created failed with "This server does not host
 * this topic-partition"). Pure logic: the errors are kafkajs's own classes, the clock is a counter.
 */
import { describe, expect, it } from 'vitest';
import { KafkaJSConnectionError, KafkaJSNumberOfRetriesExceeded, KafkaJSProtocolError } from 'kafkajs';
import {
  isMetadataSettling,
  MetadataNotSettled,
  retryWhileSettling,
  SETTLE_DEFAULTS,
  topicsWithoutLeaders,
  type SettleContext,
} from '../src/adapters/kafka-event-bus.js';

// The broker's answers, as kafkajs's protocol/error.js describes them.
const protocolError = (type: string, code: number, message: string, retriable = true) =>
  new KafkaJSProtocolError({ type, code, message, retriable } as never);
const unknownTopic = () =>
  protocolError('UNKNOWN_TOPIC_OR_PARTITION', 3, 'This server does not host this topic-partition');
const noLeader = () =>
  protocolError(
    'LEADER_NOT_AVAILABLE',
    5,
    'There is no leader for this topic-partition as we are in the middle of a leadership election',
  );
const notLeader = () =>
  protocolError('NOT_LEADER_FOR_PARTITION', 6, 'This server is not the leader for that topic-partition');
const notAuthorised = () =>
  protocolError(
    'TOPIC_AUTHORIZATION_FAILED',
    29,
    'Not authorized to access topics: [Topic authorization failed]',
    false,
  );

interface Logged {
  level: string;
  obj: Record<string, unknown>;
  msg: string;
}

/** A context whose sleep moves a fake clock instead of waiting, recording each delay and log line. */
function fakeContext(policy = SETTLE_DEFAULTS) {
  let clock = 1_000_000;
  const slept: number[] = [];
  const logged: Logged[] = [];
  const log = (level: string) => (obj: Record<string, unknown>, msg: string) => void logged.push({ level, obj, msg });
  const ctx: SettleContext = {
    logger: { info: log('info'), warn: log('warn'), error: log('error') } as never,
    policy,
    now: () => clock,
    sleep: async (ms) => {
      slept.push(ms);
      clock += ms;
    },
  };
  return { ctx, slept, logged, advance: (ms: number) => (clock += ms) };
}

/** An operation that fails with the given errors, one per call, then answers `ok`. */
function failing(errors: (() => Error)[]) {
  let calls = 0;
  const op = async () => {
    calls++;
    const next = errors.shift();
    if (next) throw next();
    return 'ok';
  };
  return { op, calls: () => calls };
}

describe('isMetadataSettling', () => {
  it('says yes to the errors a broker gives while a new topic gets its leaders', () => {
    expect(isMetadataSettling(unknownTopic())).toBe(true);
    expect(isMetadataSettling(noLeader())).toBe(true);
    expect(isMetadataSettling(notLeader())).toBe(true);
    expect(isMetadataSettling(new MetadataNotSettled(['t/0']))).toBe(true);
  });

  it('looks through the wrappers kafkajs gives up with', () => {
    const exhausted = new KafkaJSNumberOfRetriesExceeded(unknownTopic(), { retryCount: 5, retryTime: 1_000 } as never);
    expect(exhausted.name).toBe('KafkaJSNumberOfRetriesExceeded');
    expect(isMetadataSettling(exhausted)).toBe(true);
    expect(isMetadataSettling({ name: 'KafkaJSAggregateError', errors: [unknownTopic(), noLeader()] })).toBe(true);
  });

  it('says no to an outage, a refusal, or a mix with one', () => {
    expect(
      isMetadataSettling(new KafkaJSConnectionError('Connection error: connect ECONNREFUSED 127.0.0.1:9092')),
    ).toBe(false);
    expect(
      isMetadataSettling(
        new KafkaJSNumberOfRetriesExceeded(new KafkaJSConnectionError('Connection timeout'), {
          retryCount: 8,
          retryTime: 10_000,
        } as never),
      ),
    ).toBe(false);
    expect(isMetadataSettling(notAuthorised())).toBe(false);
    expect(isMetadataSettling({ name: 'KafkaJSAggregateError', errors: [unknownTopic(), notAuthorised()] })).toBe(
      false,
    );
    expect(isMetadataSettling(new Error('This server does not host this topic-partition'))).toBe(false);
    expect(isMetadataSettling(undefined)).toBe(false);
  });
});

describe('retryWhileSettling', () => {
  it('tries again while the broker does not host the new topic-partition yet, backing off and logging each retry', async () => {
    const { ctx, slept, logged } = fakeContext();
    const { op, calls } = failing([unknownTopic, unknownTopic, noLeader, notLeader]);
    await expect(retryWhileSettling('subscribing group g', op, ctx)).resolves.toBe('ok');
    expect(calls()).toBe(5);
    expect(slept).toEqual([100, 200, 400, 800]);
    const warnings = logged.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(4);
    expect(warnings[0]!.obj).toMatchObject({
      what: 'subscribing group g',
      attempt: 1,
      retryInMs: 100,
      err: 'This server does not host this topic-partition',
    });
    expect(logged.at(-1)).toMatchObject({ level: 'info', obj: { attempts: 5, waitedMs: 1_500 } });
  });

  it('caps the delay', async () => {
    const { ctx, slept } = fakeContext({ withinMs: 60_000, firstDelayMs: 100, maxDelayMs: 1_000 });
    const { op } = failing(Array.from({ length: 7 }, () => unknownTopic));
    await retryWhileSettling('x', op, ctx);
    expect(slept).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);
  });

  it('answers at once, without logging, when the first try works', async () => {
    const { ctx, slept, logged } = fakeContext();
    await expect(retryWhileSettling('x', async () => 42, ctx)).resolves.toBe(42);
    expect(slept).toEqual([]);
    expect(logged).toEqual([]);
  });

  it('is bounded: metadata that never settles surfaces as an error naming what was being done, with the broker error as its cause', async () => {
    const { ctx, slept, logged } = fakeContext({ withinMs: 5_000, firstDelayMs: 100, maxDelayMs: 2_000 });
    let calls = 0;
    const never = async () => {
      calls++;
      throw unknownTopic();
    };
    const err = await retryWhileSettling('publishing to orders', never, ctx).catch(
      (e: unknown) => e as Error & { cause?: unknown },
    );
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toMatch(
      /^publishing to orders: Kafka metadata did not settle within 5000 ms \(\d+ attempts\): This server does not host this topic-partition$/,
    );
    expect((err.cause as { type?: string }).type).toBe('UNKNOWN_TOPIC_OR_PARTITION');
    // 100 + 200 + 400 + 800 + 1600 = 3100, then the 1900 ms left: no attempt starts after the bound.
    expect(slept).toEqual([100, 200, 400, 800, 1_600, 1_900]);
    expect(calls).toBe(7);
    expect(logged.at(-1)).toMatchObject({ level: 'error', msg: 'Kafka metadata did not settle; giving up' });
  });

  it('counts slow attempts against the bound too', async () => {
    const { ctx, slept, advance } = fakeContext({ withinMs: 1_000, firstDelayMs: 100, maxDelayMs: 2_000 });
    let calls = 0;
    const slow = async () => {
      calls++;
      advance(600); // each try takes 600 ms on a loaded machine
      throw noLeader();
    };
    await expect(retryWhileSettling('x', slow, ctx)).rejects.toThrow(/did not settle within 1000 ms \(2 attempts\)/);
    expect(calls).toBe(2);
    expect(slept).toEqual([100]);
  });

  it('does not wait out an outage or a refusal: those are thrown on the first failure', async () => {
    for (const error of [
      new KafkaJSConnectionError('Connection error: connect ECONNREFUSED 127.0.0.1:9092'),
      notAuthorised(),
    ]) {
      const { ctx, slept, logged } = fakeContext();
      let calls = 0;
      const op = async () => {
        calls++;
        throw error;
      };
      await expect(retryWhileSettling('x', op, ctx)).rejects.toBe(error);
      expect(calls).toBe(1);
      expect(slept).toEqual([]);
      expect(logged).toEqual([]);
    }
  });

  it('stops waiting when its sleep gives up (the bus is stopping)', async () => {
    const { ctx } = fakeContext();
    ctx.sleep = async () => {
      throw new Error('Event bus is stopped');
    };
    const { op, calls } = failing([unknownTopic, unknownTopic]);
    await expect(retryWhileSettling('x', op, ctx)).rejects.toThrow('Event bus is stopped');
    expect(calls()).toBe(1);
  });
});

describe('topicsWithoutLeaders', () => {
  const partition = (partitionId: number, leader: number, partitionErrorCode = 0) => ({
    partitionId,
    leader,
    partitionErrorCode,
  });

  it('names each partition without a leader, and topics missing from the answer or without partitions', () => {
    const found = [
      { name: 'a', partitions: [partition(0, 1), partition(1, -1), partition(2, 1, 5)] },
      { name: 'b', partitions: [] },
      { name: 'c', partitions: [partition(0, 1)] },
    ];
    expect(topicsWithoutLeaders(['a', 'b', 'c', 'd'], found)).toEqual(['a/1', 'a/2', 'b', 'd']);
  });

  it('is empty once every partition has a leader', () => {
    expect(
      topicsWithoutLeaders(['a'], [{ name: 'a', partitions: [partition(0, 1), partition(1, 1), partition(2, 1)] }]),
    ).toEqual([]);
  });
});
