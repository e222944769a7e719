import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { Redis } from 'ioredis';

/**
 * Decides whether the production-adapter suites run: each needs its server's address in the
 * environment (KAFKA_BROKERS, MONGO_URL, REDIS_URL; scripts/infra/start.sh prints them) and the
 * server must answer. Otherwise the suite is skipped with the reason printed, unless
 * REQUIRE_INFRA=1 (CI), where a missing server fails the run instead.
 */
export type InfraKind = 'kafka' | 'mongo' | 'redis';

const VARIABLE: Record<InfraKind, string> = { kafka: 'KAFKA_BROKERS', mongo: 'MONGO_URL', redis: 'REDIS_URL' };

export const infraRequired = (): boolean => /^(1|true|yes)$/i.test(process.env.REQUIRE_INFRA ?? '');

/** The server's address when it answers; null (after printing why) when the suite should skip. */
export async function infraTarget(kind: InfraKind): Promise<string | null> {
  const variable = VARIABLE[kind];
  const address = process.env[variable]?.trim();
  let reason: string | null = null;
  if (!address) {
    reason = `${variable} is not set (run: eval "$(bash scripts/infra/start.sh)")`;
  } else {
    try {
      await withTimeout(probe(kind, address), 10_000);
    } catch (err) {
      reason = `${kind} at ${address} does not answer: ${err instanceof Error ? err.message : String(err)}`;
    }
  }
  if (reason === null) return address!;
  if (infraRequired()) throw new Error(`REQUIRE_INFRA=1 but ${reason}`);
  console.warn(`[skip] ${kind} adapter suite skipped: ${reason}`);
  return null;
}

async function probe(kind: InfraKind, address: string): Promise<void> {
  if (kind === 'mongo') {
    const client = new MongoClient(address, { serverSelectionTimeoutMS: 3_000 });
    try {
      await client.db('admin').command({ ping: 1 });
    } finally {
      await client.close();
    }
  } else if (kind === 'redis') {
    const client = new Redis(address, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      await client.ping();
    } finally {
      client.disconnect();
    }
  } else {
    const admin = new Kafka({ clientId: 'vanhop-test-probe', brokers: address.split(','), logLevel: logLevel.NOTHING, retry: { retries: 1 } }).admin();
    try {
      await admin.connect();
      await admin.describeCluster();
    } finally {
      await admin.disconnect();
    }
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}
