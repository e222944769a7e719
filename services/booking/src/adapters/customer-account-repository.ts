import type { OutboxEntry } from '@vanhop/contracts';
import { withoutOutbox, type Collection, type DocumentStore, type WithOutbox } from '@vanhop/platform';
import type {
  CustomerSessionRecord,
  CustomerSessionStore,
  SignInLinkRecord,
  SignInLinkStore,
} from '../domain/customer-account.js';

export const CUSTOMER_SIGN_IN_LINKS = 'customer_sign_in_links';
export const CUSTOMER_SESSIONS = 'customer_sessions';

type LinkDocument = SignInLinkRecord & WithOutbox;

/** Link requests and the links issued for them; the relay publishes the events parked on them. */
export class SignInLinkRepository implements SignInLinkStore {
  readonly collectionName = CUSTOMER_SIGN_IN_LINKS;
  private readonly links: Collection<LinkDocument>;

  constructor(store: DocumentStore) {
    this.links = store.collection<LinkDocument>(CUSTOMER_SIGN_IN_LINKS);
  }

  /** Redeeming finds a link by its token's digest; only issued links have one. */
  ensureIndexes(): Promise<void> {
    return this.links.ensureIndex({ fields: { tokenDigest: 1 }, sparse: true });
  }

  async insertRequest(link: SignInLinkRecord, announce: OutboxEntry): Promise<void> {
    await this.links.insertOne({ ...link, outbox: [announce] });
  }

  async byId(id: string): Promise<SignInLinkRecord | null> {
    return withoutOutbox(await this.links.findOne({ _id: id }));
  }

  async issue(id: string, tokenDigest: string, announce: OutboxEntry): Promise<boolean> {
    const { matched } = await this.links.updateOne(
      { _id: id, tokenDigest: { $exists: false } },
      { $set: { tokenDigest }, $push: { outbox: announce } },
    );
    return matched === 1;
  }

  async redeem(tokenDigest: string, now: Date): Promise<SignInLinkRecord | null> {
    const used = await this.links.findOneAndUpdate(
      { tokenDigest, usedAt: null, expiresAt: { $gt: now.toISOString() } },
      { $set: { usedAt: now.toISOString() } },
    );
    return withoutOutbox(used);
  }
}

/** Customer sessions, stored by the digest of their bearer token. */
export class CustomerSessionRepository implements CustomerSessionStore {
  private readonly sessions: Collection<CustomerSessionRecord>;

  constructor(store: DocumentStore) {
    this.sessions = store.collection<CustomerSessionRecord>(CUSTOMER_SESSIONS);
  }

  /** "Sign out everywhere" finds an account's sessions by its e-mail. */
  ensureIndexes(): Promise<void> {
    return this.sessions.ensureIndex({ fields: { emailKey: 1 } });
  }

  async insert(session: CustomerSessionRecord): Promise<void> {
    await this.sessions.insertOne(session);
  }

  live(digest: string, now: Date): Promise<CustomerSessionRecord | null> {
    return this.sessions.findOne({ _id: digest, revokedAt: null, expiresAt: { $gt: now.toISOString() } });
  }

  async revoke(digest: string, now: Date): Promise<void> {
    await this.sessions.updateOne({ _id: digest, revokedAt: null }, { $set: { revokedAt: now.toISOString() } });
  }

  async revokeAll(emailKey: string, now: Date): Promise<number> {
    const open = await this.sessions.find({ emailKey, revokedAt: null });
    for (const s of open) await this.revoke(s._id, now);
    return open.length;
  }
}
