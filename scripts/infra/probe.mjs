// Waits until one server really answers its own protocol (not just an open port):
//   node probe.mjs kafka 127.0.0.1:19092 [timeoutSeconds]
//   node probe.mjs mongo mongodb://127.0.0.1:27018 [timeoutSeconds]
//   node probe.mjs redis redis://127.0.0.1:16379 [timeoutSeconds]
// Exits 0 once it answers, 1 with the last error when the deadline passes.
import { Kafka, logLevel } from 'kafkajs';
import { MongoClient } from 'mongodb';
import { Redis } from 'ioredis';

const [kind, target, timeoutArg] = process.argv.slice(2);
const deadline = Date.now() + Number(timeoutArg ?? 60) * 1000;

const probes = {
  async kafka(brokers) {
    const admin = new Kafka({
      clientId: 'infra-probe',
      brokers: brokers.split(','),
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
    }).admin();
    try {
      await admin.connect();
      // A KRaft broker accepts connections before it has a controller; describeCluster proves it serves metadata.
      const cluster = await admin.describeCluster();
      if (cluster.controller === null || cluster.controller < 0) throw new Error('no active controller yet');
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  },
  async mongo(url) {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 1000 });
    try {
      await client.connect();
      await client.db('admin').command({ ping: 1 });
    } finally {
      await client.close().catch(() => undefined);
    }
  },
  async redis(url) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await client.connect();
      if ((await client.ping()) !== 'PONG') throw new Error('unexpected PING reply');
    } finally {
      client.disconnect();
    }
  },
};

const probe = probes[kind];
if (!probe || !target) {
  console.error('usage: node probe.mjs kafka|mongo|redis <address> [timeoutSeconds]');
  process.exit(2);
}
let lastError = 'never tried';
while (Date.now() < deadline) {
  try {
    await probe(target);
    process.exit(0);
  } catch (err) {
    lastError = err instanceof Error ? err.message : String(err);
    await new Promise((r) => setTimeout(r, 250));
  }
}
console.error(`[infra] ${kind} at ${target} did not answer: ${lastError}`);
process.exit(1);
