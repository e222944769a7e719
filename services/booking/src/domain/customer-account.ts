import type { OutboxEntry } from '@vanhop/contracts';
import type { StoredBooking } from './booking-record.js';

/**
 * The customer's account, by e-mail link. A link request is stored whatever the address (the answer
 * must not say whether it is known); off the request path, a known address gets a single-use link
 * token. Redeeming it opens a session. Only digests of link and session tokens are ever stored.
 */

/** A link request; `tokenDigest` is set once a link is issued for it (the address had records). */
export interface SignInLinkRecord {
  _id: string;
  emailKey: string;
  /** The address as the customer typed it (trimmed): the mail goes there. */
  email: string;
  requestedAt: string;
  expiresAt: string;
  tokenDigest?: string;
  usedAt: string | null;
}

export interface CustomerSessionRecord {
  /** The digest of the bearer token. */
  _id: string;
  emailKey: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface SignInLinkStore {
  insertRequest(link: SignInLinkRecord, announce: OutboxEntry): Promise<void>;
  byId(id: string): Promise<SignInLinkRecord | null>;
  /** Sets the digest once (false when a link was already issued for the request) and parks the mail's event. */
  issue(id: string, tokenDigest: string, announce: OutboxEntry): Promise<boolean>;
  /** Marks the link used if it is unused and unexpired: the one redeemer gets the record, everyone else null. */
  redeem(tokenDigest: string, now: Date): Promise<SignInLinkRecord | null>;
}

export interface CustomerSessionStore {
  insert(session: CustomerSessionRecord): Promise<void>;
  live(digest: string, now: Date): Promise<CustomerSessionRecord | null>;
  revoke(digest: string, now: Date): Promise<void>;
  revokeAll(emailKey: string, now: Date): Promise<number>;
}

/** The customer's records, read by the normalised e-mail (indexed). */
export interface CustomerBookingsReader {
  anyFor(emailKey: string): Promise<boolean>;
  /** Newest move first. */
  pageFor(emailKey: string, skip: number, limit: number): Promise<StoredBooking[]>;
  /** A live record by id or retrieve code, only when it was made with that e-mail. */
  ownedBy(emailKey: string, ref: string): Promise<StoredBooking | null>;
}
