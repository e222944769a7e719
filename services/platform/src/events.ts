import { randomUUID } from 'node:crypto';
import { EVENT_SCHEMAS, type EventEnvelope, type EventPayloads } from '@vanhop/contracts';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { validate } from './validation.js';

/** Builds a versioned envelope; the payload is validated against its topic's contract first. */
export async function createEvent<K extends keyof EventPayloads>(
  topic: K,
  data: EventPayloads[K],
  meta: { producer: string; correlationId?: string; causationId?: string; eventId?: string; clock?: Clock },
): Promise<EventEnvelope<EventPayloads[K]>> {
  const valid = (await validate(EVENT_SCHEMAS[topic], data, `Event ${topic}`)) as EventPayloads[K];
  return {
    eventId: meta.eventId ?? randomUUID(),
    type: topic,
    version: 1,
    occurredAt: (meta.clock ?? systemClock).now().toISOString(),
    correlationId: meta.correlationId ?? randomUUID(),
    ...(meta.causationId ? { causationId: meta.causationId } : {}),
    producer: meta.producer,
    data: valid,
  };
}

/** Validates a received event's payload against its topic's contract (consumer boundary). */
export async function readEvent<K extends keyof EventPayloads>(
  topic: K,
  event: EventEnvelope,
): Promise<EventEnvelope<EventPayloads[K]>> {
  const data = (await validate(EVENT_SCHEMAS[topic], event.data, `Event ${topic}`)) as EventPayloads[K];
  return { ...event, data };
}
