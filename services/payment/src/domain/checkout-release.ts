import { createHash, randomBytes } from 'node:crypto';
import type { OutboxEntry } from '@vanhop/contracts';
import type { Payment } from './payment.js';

/**
 * A release link lives as long as the longest checkout it could release (35 minutes), plus the few
 * minutes a mail takes to arrive and be read.
 */
export const RELEASE_LINK_MS = 45 * 60 * 1000;
/**
 * While an offer made this recently still lives, a refused checkout mails no second link: the first
 * is in the customer's inbox, and a fresh one each refusal would only fill it.
 */
export const RELEASE_OFFER_AGAIN_AFTER_MS = 15 * 60 * 1000;

/**
 * An offer to release a customer's unpaid checkouts, made when some of them were opened from another
 * client and the address's share of checkouts is used up. Kept under the digest of its token: the
 * token travels only in the CheckoutReleaseOffered parked on it for the mailer (an outbox entry,
 * pulled once published, as every event carrying a customer's link is).
 */
export interface CheckoutReleaseOffer {
  _id: string;
  /** platform holdHolderOf of the contact e-mail: whose checkouts the link releases. */
  holder: string;
  createdAt: string;
  expiresAt: string;
  /** When the link was last used (it may be used again while it lives: releasing twice is harmless). */
  usedAt?: string;
  /**
   * The client that last used the link (its address as the gateway saw it). It proved it reads the
   * address's mail, so while the link lives the address's share counts only that client's checkouts:
   * whoever opens more in the address's name elsewhere cannot shut the owner out again.
   */
  releasedBy?: string;
}

/** 256 random bits, URL-safe: the whole credential of the link. */
export const newReleaseToken = (): string => randomBytes(32).toString('base64url');
export const releaseTokenDigest = (token: string): string =>
  createHash('sha256').update(`vanhop-checkout-release:${token}`).digest('hex');

/** Release links one address is offered a day (contracts CHECKOUT_RELEASE_LINKS_PER_DAY), over this window. */
export const RELEASE_OFFER_DAY_MS = 24 * 60 * 60 * 1000;

/** Each booking's open hold and when it lapses (the latest of its attempts'). */
export function holdsByBooking(attempts: readonly Payment[]): Map<string, string> {
  const holds = new Map<string, string>();
  for (const p of attempts) {
    const until = p.holdUntil ?? '';
    if (until > (holds.get(p.bookingId) ?? '')) holds.set(p.bookingId, until);
  }
  return holds;
}

/** The open checkouts the cap counted for an address that another client opened (or nobody knows which). */
export const openedElsewhere = (holds: readonly Payment[], clientKey: string | undefined): Payment[] =>
  holds.filter((p) => !clientKey || p.clientKey !== clientKey);

/** Release offers, each with the CheckoutReleaseOffered parked on it until published. */
export interface CheckoutReleaseOffers {
  readonly collectionName: string;
  /** The newest offer for the holder made at or after `since` that still lives at `now`. */
  recentFor(holder: string, since: Date, now: Date): Promise<CheckoutReleaseOffer | null>;
  insert(offer: CheckoutReleaseOffer, event: OutboxEntry): Promise<void>;
  /** The live offer a token's digest names; null for an unknown or expired one. */
  liveByDigest(digest: string, now: Date): Promise<CheckoutReleaseOffer | null>;
  /** Records a use of the link, by `clientKey` when the gateway named one: one write. */
  markUsed(digest: string, at: Date, clientKey?: string): Promise<void>;
  /** The offers the holder was made at or after `since` (a handful at most: CHECKOUT_RELEASE_LINKS_PER_DAY a day). */
  offeredSince(holder: string, since: Date): Promise<CheckoutReleaseOffer[]>;
}

/**
 * Whether the address's share no longer applies to this client, from the address's offers of the
 * last day: it released the address's checkouts with a link that still lives (`releasedBy`), or
 * the address was offered its day's links already, so no link could free it again.
 */
export function countsAlone(
  offersOfTheDay: readonly CheckoutReleaseOffer[],
  clientKey: string,
  now: Date,
  linksPerDay: number,
): boolean {
  const at = now.toISOString();
  return (
    offersOfTheDay.length >= linksPerDay || offersOfTheDay.some((o) => o.releasedBy === clientKey && o.expiresAt > at)
  );
}
