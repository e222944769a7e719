import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { Redis } from 'ioredis';
import {
  dockerRequired,
  dockerStatus,
  INFRA_IMAGE_VAR,
  localImages,
  startInfraContainer,
  type InfraKind,
} from './docker-infra.js';

export type { InfraKind } from './docker-infra.js';

/**
 * Decides where the production-adapter suites (and the multi-process test) find their servers, and
 * says which path it took in the test output:
 *   1. Docker: when an engine answers and the local images are built (scripts/images/build.sh),
 *      the test file starts the server in a container with testcontainers and removes it after.
 *   2. Servers given in the environment (KAFKA_BROKERS, MONGO_URL, REDIS_URL; scripts/infra/start.sh
 *      prints them): the no-Docker fallback.
 *   3. Neither: the suite is skipped with the reason printed, unless REQUIRE_INFRA=1, where it fails.
 * REQUIRE_DOCKER=1 (CI) allows only path 1: no engine or a missing image is a failure.
 * TEST_INFRA=servers skips path 1 (e.g. to run the scripts/infra path on a machine with Docker).
 */
const VARIABLE: Record<InfraKind, string> = { kafka: 'KAFKA_BROKERS', mongo: 'MONGO_URL', redis: 'REDIS_URL' };

export const infraRequired = (): boolean => /^(1|true|yes)$/i.test(process.env.REQUIRE_INFRA ?? '') || dockerRequired();

/** The server's address when it answers; null (after printing why) when the suite should skip. */
export async function infraTarget(kind: InfraKind): Promise<string | null> {
  const serversOnly = (process.env.TEST_INFRA ?? '').trim() === 'servers';
  if (serversOnly && dockerRequired()) throw new Error('REQUIRE_DOCKER=1 and TEST_INFRA=servers contradict each other');
  let noDocker = 'TEST_INFRA=servers';
  if (!serversOnly) {
    const docker = await dockerStatus([localImages()[INFRA_IMAGE_VAR[kind]] ?? '']);
    if (docker.ok) return startInfraContainer(kind);
    if (dockerRequired()) throw new Error(`REQUIRE_DOCKER=1 but ${docker.detail}`);
    noDocker = docker.detail;
  }

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
  if (reason === null) {
    console.info(
      `[infra] ${kind}: server from ${variable} at ${address} (scripts/infra path; not Docker: ${noDocker})`,
    );
    return address!;
  }
  if (infraRequired()) throw new Error(`REQUIRE_INFRA=1 but ${reason}; and not Docker: ${noDocker}`);
  console.warn(`[skip] ${kind} adapter suite skipped: ${reason}; and not Docker: ${noDocker}`);
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
    const admin = new Kafka({
      clientId: 'vanhop-test-probe',
      brokers: address.split(','),
      logLevel: logLevel.NOTHING,
      retry: { retries: 1 },
    }).admin();
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
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))),
  ]).finally(() => clearTimeout(timer));
}
