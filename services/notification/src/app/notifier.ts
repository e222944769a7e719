import {
  DuplicateKeyError,
  ServiceUnavailableError,
  type Clock,
  type DocumentStore,
  type Mailer,
  type Sms,
} from '@vanhop/platform';
import type { EmailContent } from '../domain/templates/email-content.js';

export const DELIVERIES = 'deliveries';

/** A message claimed for sending (`claimedAt`), and once the provider took it, sent (`sentAt`). */
interface Delivery {
  _id: string;
  channel: 'email' | 'sms';
  to: string;
  claimedAt?: string;
  sentAt?: string;
}

/**
 * How long a claim keeps other replicas from sending the same message. A claim older than this
 * belongs to a process that died between claiming and recording the send: the message is sent
 * again (it may have gone: a second copy, with the same Message-ID, is better than none).
 */
export const CLAIM_LEASE_MS = 60_000;

/** Another replica is sending this message right now: the event is tried again shortly (transient). */
export class DeliveryInProgressError extends ServiceUnavailableError {
  constructor(key: string) {
    super(`Message ${key} is being sent by another replica`);
  }
}

/** A header value never carries a line break (customer names end up in subjects). */
const oneLine = (s: string): string => s.replace(/[\r\n]+/g, ' ').trim();

/**
 * Sends each message once per delivery key, across retries, replicas and store outages. An event
 * can produce several messages (customer mail, text, driver mail); if one fails the bus retries the
 * whole event, and the ones already sent are skipped. A message is claimed in the store before it
 * is sent and marked sent after: a second replica handling the same event (a rebalance) finds the
 * claim and waits; a send whose record could not be written (the store restarting) is remembered
 * by this process and only recorded on the retry, never sent again.
 */
export class Notifier {
  private readonly deliveries;
  /** Claims this process made: its own retry of a failed send goes ahead without waiting out the lease. */
  private readonly claimedHere = new Set<string>();
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
      if (!(await this.claim(_id, channel, to))) return false;
      await send();
      this.sentUnrecorded.add(_id);
    }
    await this.deliveries.updateOne({ _id }, { $set: { sentAt: this.clock.now().toISOString() } });
    this.sentUnrecorded.delete(_id);
    this.claimedHere.delete(_id);
    return true;
  }

  /** Makes this process the one sending `_id` (true), or false when it was sent before; DeliveryInProgressError while another holds it. */
  private async claim(_id: string, channel: Delivery['channel'], to: string): Promise<boolean> {
    const now = this.clock.now();
    const existing = await this.deliveries.findOne({ _id });
    if (existing?.sentAt) return false;
    if (!existing) {
      try {
        await this.deliveries.insertOne({ _id, channel, to, claimedAt: now.toISOString() });
        this.claimedHere.add(_id);
        return true;
      } catch (err) {
        if (err instanceof DuplicateKeyError) throw new DeliveryInProgressError(_id);
        throw err;
      }
    }
    if (this.claimedHere.has(_id)) return true;
    const claimedAt = existing.claimedAt ? Date.parse(existing.claimedAt) : 0;
    if (now.getTime() - claimedAt < CLAIM_LEASE_MS) throw new DeliveryInProgressError(_id);
    // A stale claim: whoever made it died before recording the send. Take it over, once.
    const { modified } = await this.deliveries.updateOne(
      { _id, claimedAt: existing.claimedAt, sentAt: { $exists: false } },
      { $set: { claimedAt: now.toISOString() } },
    );
    if (modified !== 1) throw new DeliveryInProgressError(_id);
    this.claimedHere.add(_id);
    return true;
  }
}
