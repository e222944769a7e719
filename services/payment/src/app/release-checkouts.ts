import {
  CHECKOUT_RELEASE_LINKS_PER_DAY,
  CHECKOUT_RELEASE_MSG,
  checkoutReleasePath,
  TOPICS,
  type CheckoutReleaseResponse,
} from '@vanhop/contracts';
import {
  createEvent,
  NotFoundError,
  outboxEntry,
  type Clock,
  type Logger,
  type OutboxRelay,
  type StoreLeases,
} from '@vanhop/platform';
import {
  countsAlone,
  newReleaseToken,
  RELEASE_LINK_MS,
  RELEASE_OFFER_AGAIN_AFTER_MS,
  RELEASE_OFFER_DAY_MS,
  releaseTokenDigest,
  type CheckoutReleaseOffers,
} from '../domain/checkout-release.js';
import type { PaymentProvider } from '../domain/payment-provider.js';
import type { PaymentRepository } from '../domain/ports.js';
import type { ConfirmPayment } from './confirm-payment.js';

/** The lease a customer's checkouts are counted, opened and released under (one at a time per e-mail). */
export const holderLease = (holder: string) => `open-holds:holder:${holder}`;

/**
 * The cure for the per-e-mail cap being used against a customer: whoever can read the address's mail
 * may release every unpaid checkout held under it. The link is offered (mailed by notification, at
 * most 3 a day to one address) when the address's share is used up and some of it was opened from
 * another client; opening it closes those checkouts at the provider, so none of them can take money
 * afterwards, and gives their drivers back. A checkout the provider was already paid on stands.
 */
export class ReleaseCheckouts {
  constructor(
    private readonly offers: CheckoutReleaseOffers,
    private readonly payments: PaymentRepository,
    private readonly provider: PaymentProvider,
    private readonly confirm: Pick<ConfirmPayment, 'recordFailure'>,
    private readonly relay: Pick<OutboxRelay, 'kick'>,
    private readonly leases: Pick<StoreLeases, 'withLeases'>,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /**
   * Parks a release link for `email` (its CheckoutReleaseOffered), unless one was offered within the
   * last quarter hour and still lives. Called under the holder's lease, by the refused checkout.
   */
  async offer(holder: string, email: string, openCheckouts: number, correlationId?: string): Promise<void> {
    const now = this.clock.now();
    if (await this.offers.recentFor(holder, new Date(now.getTime() - RELEASE_OFFER_AGAIN_AFTER_MS), now)) return;
    const token = newReleaseToken();
    const expiresAt = new Date(now.getTime() + RELEASE_LINK_MS).toISOString();
    const event = await createEvent(
      TOPICS.checkoutReleaseOffered,
      { email, releasePath: checkoutReleasePath(token), expiresAt, openCheckouts },
      { producer: 'payment', correlationId, clock: this.clock },
    );
    const digest = releaseTokenDigest(token);
    await this.offers.insert(
      { _id: digest, holder, createdAt: now.toISOString(), expiresAt },
      outboxEntry(TOPICS.checkoutReleaseOffered, event, holder),
    );
    this.logger.info({ offer: digest.slice(0, 12) }, 'checkout release link offered');
    void this.relay.kick([event.eventId]);
  }

  /** Whether the address's share no longer applies to this client (domain `countsAlone`): one read. */
  async countsAlone(holder: string, clientKey: string): Promise<boolean> {
    const now = this.clock.now();
    const offers = await this.offers.offeredSince(holder, new Date(now.getTime() - RELEASE_OFFER_DAY_MS));
    return countsAlone(offers, clientKey, now, CHECKOUT_RELEASE_LINKS_PER_DAY);
  }

  /**
   * Closes every unpaid checkout held under the link's address and frees their drivers; the client
   * that used the link counts alone against the address's share while the link lives.
   */
  async release(token: string, clientKey?: string): Promise<CheckoutReleaseResponse> {
    const digest = releaseTokenDigest(token);
    const offer = await this.offers.liveByDigest(digest, this.clock.now());
    if (!offer) throw new NotFoundError(CHECKOUT_RELEASE_MSG.linkInvalid);
    return this.leases.withLeases([holderLease(offer.holder)], async () => {
      const now = this.clock.now();
      let released = 0;
      let kept = 0;
      for (const attempt of await this.payments.liveHoldsOf(offer.holder, now)) {
        if ((await this.provider.close(attempt.kind, attempt._id)) !== 'closed') {
          kept += 1;
          continue;
        }
        await this.confirm.recordFailure(attempt, 'Released by the customer from a mailed link');
        released += 1;
      }
      await this.offers.markUsed(digest, now, clientKey);
      this.logger.info({ offer: digest.slice(0, 12), released, kept }, 'checkouts released from a mailed link');
      return { released, kept };
    });
  }
}
