import type { EventEnvelope } from '@vanhop/contracts';
import type { DocumentStore } from './ports/document-store.js';
import type { EventHandler } from './ports/event-bus.js';
import { insertUnique } from './insert-unique.js';

interface ProcessedEvent {
  _id: string;
  group: string;
  eventId: string;
  topic: string;
  processedAt: string;
}

/**
 * Wraps a handler so each eventId is applied once per consumer group: redeliveries after the
 * handler succeeded are skipped. Handlers must still make their own writes conditional where a
 * crash between the side effect and the mark would matter.
 */
export function idempotentHandler(store: DocumentStore, group: string, handler: EventHandler): EventHandler {
  const processed = store.collection<ProcessedEvent>('processed_events');
  return async (event: EventEnvelope) => {
    const _id = `${group}:${event.eventId}`;
    if (await processed.findOne({ _id })) return;
    await handler(event);
    await insertUnique(processed, {
      _id,
      group,
      eventId: event.eventId,
      topic: event.type,
      processedAt: new Date().toISOString(),
    });
  };
}
