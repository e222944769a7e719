import type { EventHandler } from '../../src/ports/event-bus.js';
import type { DocumentStore } from '../../src/ports/document-store.js';
import { idempotentHandler } from '../../src/idempotent-consumer.js';

export const SIDE_EFFECTS = 'crash_test_side_effects';

/**
 * A handler as the services' are: wrapped by the platform's dedupe on eventId, its side effect a
 * document of its own per delivery it applies (so a second application would show as a second
 * one). `onHandled` hears of every delivery, applied or skipped as already processed.
 */
export const sideEffectHandler = (
  store: DocumentStore,
  group: string,
  onHandled: (eventId: string) => void,
): EventHandler => {
  const effects = store.collection<{ _id: string; eventId: string }>(SIDE_EFFECTS);
  const handler = idempotentHandler(store, group, async (event) => {
    await effects.insertOne({ _id: `${event.eventId}:${Math.random().toString(36).slice(2)}`, eventId: event.eventId });
  });
  // Told once the wrapper has marked the event processed, as the bus would then commit it.
  return async (event) => {
    await handler(event);
    onHandled(event.eventId);
  };
};
