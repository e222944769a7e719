import {
  insertUnique,
  StoreUnavailableError,
  type Clock,
  type DocumentStore,
  type Mailer,
  type Sms,
} from '@vanhop/platform';
import type { EmailContent } from '../domain/templates/email-content.js';

export const DELIVERIES = 'deliveries';

interface Delivery {
  _id: string;
  channel: 'email' | 'sms';
  to: string;
  sentAt: string;
}

/** A header value never carries a line break (customer names end up in subjects). */
const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ').trim();

/**
 * Waits between attempts at recording a send the store refused: about 9 s in all, long enough for a
 * MongoDB restart, well under the consumer's 30 s session.
 */
export const RECORD_RETRY_DELAYS_MS = [250, 500, 1000, 1000, 2000, 2000, 2000];

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends each message once per delivery key. An event can produce several messages (customer mail,
 * text, driver mail); if one fails the bus retries the whole event, and the ones already sent are
 * skipped. A send whose record could not be written (the store restarting) is recorded as soon as
 * the store is back, retried here for a few seconds rather than left to the bus's backoff: until it
 * is, only this process's memory says it was sent. If the store stays away longer, the send is
 * remembered by this process and recorded on the bus's retry, never sent again. A process killed
 * before the record is written sends it again after the restart, with the same Message-ID (mail
 * clients show one).
 */
export class Notifier {
  private readonly deliveries;
  /** Sent by this process, not recorded yet (the store was away): recorded on the retry, not sent again. */
  private readonly sentUnrecorded = new Set<string>();

  constructor(
    store: DocumentStore,
    private readonly mailer: Mailer,
    private readonly sms: Sms,
    private readonly clock: Clock,
    private readonly replyTo: string,
    /** Domain of generated Message-IDs. */
    private readonly messageIdDomain = 'vanhop.local',
    private readonly recordRetry: { delaysMs: readonly number[]; wait: (ms: number) => Promise<void> } = {
      delaysMs: RECORD_RETRY_DELAYS_MS,
      wait,
    },
  ) {
    this.deliveries = store.collection<Delivery>(DELIVERIES);
  }

  /** `key` is stable per event and message (e.g. `<eventId>:customer`), so it also names the Message-ID. */
  async email(key: string, to: string, content: EmailContent): Promise<boolean> {
    return this.once(key, 'email', to, () =>
      this.mailer.send({
        to,
        subject: oneLine(content.subject),
        text: content.text,
        html: content.html,
        replyTo: content.replyTo ?? this.replyTo,
        messageId: `<${key.replace(/[^\w.-]/g, '.')}@${this.messageIdDomain}>`,
      }),
    );
  }

  async text(key: string, to: string, body: string): Promise<boolean> {
    return this.once(key, 'sms', to, () => this.sms.send({ to, body, id: key }));
  }

  private async once(
    _id: string,
    channel: Delivery['channel'],
    to: string,
    send: () => Promise<unknown>,
  ): Promise<boolean> {
    if (!this.sentUnrecorded.has(_id)) {
      if (await this.deliveries.findOne({ _id })) return false;
      await send();
      this.sentUnrecorded.add(_id);
    }
    await this.record({ _id, channel, to, sentAt: this.clock.now().toISOString() });
    this.sentUnrecorded.delete(_id);
    return true;
  }

  private async record(delivery: Delivery): Promise<void> {
    for (const delayMs of [...this.recordRetry.delaysMs, null]) {
      try {
        await insertUnique(this.deliveries, delivery);
        return;
      } catch (err) {
        if (!(err instanceof StoreUnavailableError) || delayMs === null) throw err;
        await this.recordRetry.wait(delayMs);
      }
    }
  }
}
