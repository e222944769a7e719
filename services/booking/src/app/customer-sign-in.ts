import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  CUSTOMER_ACCOUNT_MSG,
  CUSTOMER_LINK_VALID_MINUTES,
  CUSTOMER_SESSION_DAYS,
  CUSTOMER_TOKEN_PATTERN,
  customerEmailKey,
  customerSignInPath,
  TOPICS,
  type CustomerSessionAnswer,
  type CustomerSignInRequested,
} from '@vanhop/contracts';
import { createEvent, DomainError, outboxEntry, UnauthorizedError, type Clock, type Logger } from '@vanhop/platform';
import type { CustomerBookingsReader, CustomerSessionStore, SignInLinkStore } from '../domain/customer-account.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const PRODUCER = 'booking';

/** A fresh link or session token: 32 random bytes, base64url (43 characters). */
export const newCustomerToken = (): string => randomBytes(32).toString('base64url');
/** What is stored of a token: its SHA-256. A stolen store opens no account. */
export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex');

export class SignInLinkExpiredError extends DomainError {
  constructor() {
    super(CUSTOMER_ACCOUNT_MSG.linkExpired, 410, 'link_expired');
  }
}

/** The signed-in customer of a request. */
export interface CustomerIdentity {
  emailKey: string;
  sessionDigest: string;
}

/**
 * Sign-in links and sessions. Asking for a link does the same for every address (one stored request
 * and its event), so neither the answer nor its path says whether the address is known; the
 * `issue` step, run from the event, decides and parks the mail's event.
 */
export class CustomerSignIn {
  constructor(
    private readonly deps: {
      links: SignInLinkStore;
      sessions: CustomerSessionStore;
      bookings: CustomerBookingsReader;
      clock: Clock;
      logger: Logger;
      onWritten: (eventIds: string[]) => void;
      newToken?: () => string;
    },
  ) {}

  /** POST /api/customer/link: stores the request and its event, whatever the address. */
  async request(email: string): Promise<void> {
    const now = this.deps.clock.now();
    const id = randomUUID();
    const typed = email.trim();
    const data: CustomerSignInRequested = { requestId: id, email: typed };
    const event = await createEvent(TOPICS.customerSignInRequested, data, {
      producer: PRODUCER,
      clock: this.deps.clock,
    });
    await this.deps.links.insertRequest(
      {
        _id: id,
        emailKey: customerEmailKey(typed),
        email: typed,
        requestedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + CUSTOMER_LINK_VALID_MINUTES * MINUTE_MS).toISOString(),
        usedAt: null,
      },
      outboxEntry(TOPICS.customerSignInRequested, event, id),
    );
    this.deps.onWritten([event.eventId]);
  }

  /**
   * CustomerSignInRequested → a link, only for an address with a booking or a saved quote. Its
   * lifetime runs from the request. A redelivery finds the link issued and does nothing.
   */
  async issue(requested: CustomerSignInRequested, causationId: string): Promise<void> {
    const request = await this.deps.links.byId(requested.requestId);
    if (!request || request.tokenDigest) return;
    if (!(await this.deps.bookings.anyFor(request.emailKey))) {
      this.deps.logger.info({ requestId: request._id }, 'sign-in link not sent: no records for the address');
      return;
    }
    const token = (this.deps.newToken ?? newCustomerToken)();
    const event = await createEvent(
      TOPICS.customerSignInLinkIssued,
      { email: request.email, signInPath: customerSignInPath(token), expiresAt: request.expiresAt },
      { producer: PRODUCER, clock: this.deps.clock, causationId },
    );
    if (
      await this.deps.links.issue(
        request._id,
        tokenDigest(token),
        outboxEntry(TOPICS.customerSignInLinkIssued, event, request._id),
      )
    )
      this.deps.onWritten([event.eventId]);
  }

  /** POST /api/customer/session: a link works once, within its lifetime; it opens a 30-day session. */
  async redeem(token: string): Promise<CustomerSessionAnswer> {
    const now = this.deps.clock.now();
    const link = await this.deps.links.redeem(tokenDigest(token), now);
    if (!link) throw new SignInLinkExpiredError();
    const session = (this.deps.newToken ?? newCustomerToken)();
    const expiresAt = new Date(now.getTime() + CUSTOMER_SESSION_DAYS * DAY_MS).toISOString();
    await this.deps.sessions.insert({
      _id: tokenDigest(session),
      emailKey: link.emailKey,
      createdAt: now.toISOString(),
      expiresAt,
      revokedAt: null,
    });
    return { token: session, email: link.emailKey, expiresAt };
  }

  /** The customer behind a bearer token; 401 for anything but a live, unrevoked session. */
  async authenticate(authorization: string | undefined): Promise<CustomerIdentity> {
    const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
    if (!token || !CUSTOMER_TOKEN_PATTERN.test(token)) throw new UnauthorizedError(CUSTOMER_ACCOUNT_MSG.signedOut);
    const digest = tokenDigest(token);
    const session = await this.deps.sessions.live(digest, this.deps.clock.now());
    if (!session) throw new UnauthorizedError(CUSTOMER_ACCOUNT_MSG.signedOut);
    return { emailKey: session.emailKey, sessionDigest: digest };
  }

  signOut(who: CustomerIdentity): Promise<void> {
    return this.deps.sessions.revoke(who.sessionDigest, this.deps.clock.now());
  }

  async signOutEverywhere(who: CustomerIdentity): Promise<void> {
    await this.deps.sessions.revokeAll(who.emailKey, this.deps.clock.now());
  }
}
