import {
  withoutOutbox,
  type Collection,
  type DocumentStore,
  type OutboxEntry,
  type WithOutbox,
} from '@vanhop/platform';
import type { CheckoutReleaseOffer, CheckoutReleaseOffers } from '../domain/checkout-release.js';

export const CHECKOUT_RELEASE_OFFERS = 'checkout_release_offers';

type OfferDocument = CheckoutReleaseOffer & WithOutbox;

export class CheckoutReleaseRepository implements CheckoutReleaseOffers {
  readonly collectionName = CHECKOUT_RELEASE_OFFERS;
  private readonly offers: Collection<OfferDocument>;

  constructor(store: DocumentStore) {
    this.offers = store.collection<OfferDocument>(CHECKOUT_RELEASE_OFFERS);
  }

  ensureIndexes(): Promise<void> {
    return this.offers.ensureIndex({ fields: { holder: 1, createdAt: -1 } });
  }

  async recentFor(holder: string, since: Date, now: Date): Promise<CheckoutReleaseOffer | null> {
    const found = await this.offers.find(
      { holder, createdAt: { $gte: since.toISOString() }, expiresAt: { $gt: now.toISOString() } },
      { sort: { createdAt: -1 }, limit: 1 },
    );
    return withoutOutbox(found[0] ?? null);
  }

  async insert(offer: CheckoutReleaseOffer, event: OutboxEntry): Promise<void> {
    await this.offers.insertOne({ ...offer, outbox: [event] });
  }

  async liveByDigest(digest: string, now: Date): Promise<CheckoutReleaseOffer | null> {
    return withoutOutbox(await this.offers.findOne({ _id: digest, expiresAt: { $gt: now.toISOString() } }));
  }

  async markUsed(digest: string, at: Date, clientKey?: string): Promise<void> {
    await this.offers.updateOne(
      { _id: digest },
      { $set: { usedAt: at.toISOString(), ...(clientKey ? { releasedBy: clientKey } : {}) } },
    );
  }

  async offeredSince(holder: string, since: Date): Promise<CheckoutReleaseOffer[]> {
    const found = await this.offers.find({ holder, createdAt: { $gte: since.toISOString() } });
    return found.map((o) => withoutOutbox(o));
  }
}
