import {
  insertUnique,
  retry,
  StoreUnavailableError,
  type Clock,
  type DocumentStore,
  type Mailer,
  type Sms,
} from '@vanhop/platform';
import type { EmailContent } from '../domain/templates/email-content.js';

export const DELIVERIES = 'deliveries';
/** Per booking and phone number, when the latest text sent about it happened (read and written by `_id` only). */
export const BOOKING_TEXT_MARKS = 'booking_text_marks';

interface BookingTextMark {
  _id: string;
  /** `occurredAt` of the newest event texted to this number about this booking (ISO, UTC). */
  at: string;
}

/** The booking a text is about, and when the change it reports happened (the event's `occurredAt`). */
export interface TextAbout {
  bookingId: string;
  at: string;
}

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
  private readonly textMarks;
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
    this.textMarks = store.collection<BookingTextMark>(BOOKING_TEXT_MARKS);
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

  /**
   * A text about a booking's state, sent only when no text about a later change of that booking has
   * gone to this number: events reach us out of order (other topics, retries), and the last text a
   * customer or driver reads must never contradict how the booking stands. A change that happened
   * before the newest one texted is left unsent (its mail still goes); a redelivery of the newest
   * one is still sent once.
   */
  async bookingText(key: string, to: string, body: string, about: TextAbout): Promise<boolean> {
    if (!(await this.claimLatest(`${about.bookingId}|${to}`, new Date(about.at).toISOString()))) return false;
    return this.text(key, to, body);
  }

  /** Moves the booking's mark for this number up to `at`; false when a later change was texted already. */
  private async claimLatest(_id: string, at: string): Promise<boolean> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await this.textMarks.findOneAndUpdate({ _id, at: { $lte: at } }, { $set: { at } })) return true;
      if (await insertUnique(this.textMarks, { _id, at })) return true;
      // Someone else wrote the first mark meanwhile: compare with theirs once more.
    }
    return false;
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
    const { delaysMs, wait } = this.recordRetry;
    await retry(() => insertUnique(this.deliveries, delivery), {
      attempts: delaysMs.length + 1,
      retryOn: (err) => err instanceof StoreUnavailableError,
      delayMs: (attempt) => delaysMs[attempt - 1]!,
      sleep: wait,
    });
  }
}
