import { reviewPagePath } from '@vanhop/contracts';

/** The port to a link signer (the platform's LinkSigner, made with the review link secret). */
export interface LinkSigning {
  sign(claims: { subject: string; expiresAt: Date }): string;
  verify(token: unknown, now: Date): string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after the request a customer may still write their review. */
export const REVIEW_LINK_DAYS = 90;

/**
 * The customer's review link: a signed token naming the booking. It is the only credential of the
 * review page, made when staff request the review (so no link exists before the move happened).
 */
export class ReviewLinks {
  constructor(private readonly signer: LinkSigning) {}

  pathFor(bookingId: string, requestedAt: Date): string {
    return reviewPagePath(
      this.signer.sign({ subject: bookingId, expiresAt: new Date(requestedAt.getTime() + REVIEW_LINK_DAYS * DAY_MS) }),
    );
  }

  /** The booking id of a genuine, unexpired token; null for anything else. */
  bookingIdOf(token: unknown, now: Date): string | null {
    return this.signer.verify(token, now);
  }
}
