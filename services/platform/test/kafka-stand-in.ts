/**
 * Pieces of a stand-in for kafkajs's client, for the unit tests of the Kafka adapter's own logic
 * (a real broker cannot be made to refuse, stall or elect leaders on cue; the adapter's real-broker
 * suite is contracts/event-bus.kafka.test.ts).
 */
import type { EventEnvelope } from '@vanhop/contracts';
import type { Logger } from '../src/logger.js';

/** A logger that keeps each line's level and message. */
export function recordingLogger() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_obj: unknown, msg: string) => void lines.push({ level, msg });
  const logger = { info: at('info'), debug: at('debug'), warn: at('warn'), error: at('error'), child: () => logger };
  return {
    logger: logger as unknown as Logger,
    lines,
    messages: (level: string) => lines.filter((l) => l.level === level).map((l) => l.msg),
  };
}

/**
 * A broker's admin client: topics it was asked to create exist; `leaderOf(n)` says which broker
 * leads every partition in the n-th metadata answer (-1: none yet).
 */
export function standInAdmin(calls = { metadata: 0, created: [] as string[] }, leaderOf = (_n: number) => 1) {
  const topics = new Set<string>();
  return {
    connect: async () => undefined,
    disconnect: async () => undefined,
    describeCluster: async () => ({ brokers: [] }),
    listTopics: async () => [...topics],
    createTopics: async ({ topics: wanted }: { topics: { topic: string }[] }) => {
      for (const t of wanted) {
        topics.add(t.topic);
        calls.created.push(t.topic);
      }
      return true;
    },
    fetchTopicMetadata: async ({ topics: asked }: { topics: string[] }) => {
      calls.metadata++;
      const leader = leaderOf(calls.metadata);
      return {
        topics: asked.map((name) => ({
          name,
          partitions: [0, 1, 2].map((partitionId) => ({ partitionId, leader, partitionErrorCode: 0 })),
        })),
      };
    },
  };
}

export const sampleEnvelope: EventEnvelope = {
  eventId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  type: 'booking.confirmed',
  version: 1,
  occurredAt: '2026-03-01T09:00:00.000Z',
  correlationId: 'c1',
  producer: 'stand-in-test',
  data: {},
};
