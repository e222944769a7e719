import { randomUUID } from 'node:crypto';
import { TOPICS, type ContactMessage } from '@vanhop/contracts';
import {
  createEvent,
  outboxEntry,
  type Clock,
  type DocumentStore,
  type OutboxEntry,
  type OutboxRelay,
} from '@vanhop/platform';

export const CONTACT_MESSAGES = 'contact_messages';

interface StoredContactMessage extends ContactMessage {
  _id: string;
  receivedAt: string;
  outbox: OutboxEntry[];
}

/** Stores the message and its ContactMessageReceived event in one write, then nudges the relay. */
export class SubmitContactMessage {
  constructor(
    private readonly store: DocumentStore,
    private readonly relay: OutboxRelay,
    private readonly clock: Clock,
  ) {}

  async execute(message: ContactMessage, correlationId?: string): Promise<void> {
    const _id = randomUUID();
    const { agree: _agree, ...data } = message;
    const event = await createEvent(TOPICS.contactMessageReceived, data, {
      producer: 'notification',
      correlationId,
      clock: this.clock,
    });
    await this.store.collection<StoredContactMessage>(CONTACT_MESSAGES).insertOne({
      _id,
      ...message,
      receivedAt: this.clock.now().toISOString(),
      outbox: [outboxEntry(TOPICS.contactMessageReceived, event, _id)],
    });
    void this.relay.kick([event.eventId]);
  }
}
