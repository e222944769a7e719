import { reviewPagePath } from '@vanhop/contracts';
import { LinkSigner } from '@vanhop/platform';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long after the request a customer may still write their review. */
export const REVIEW_LINK_DAYS = 90;

/**
 * The customer's review link: a signed token naming the booking. It is the only credential of the
 * review page, made when staff request the review (so no link exists before the move happened).
 */
export class ReviewLinks {
  private readonly signer: LinkSigner;

  constructor(secret: string) {
    this.signer = new LinkSigner(secret, 'review');
  }

  pathFor(bookingId: string, requestedAt: Date): string {
    return reviewPagePath(this.signer.sign({ subject: bookingId, expiresAt: new Date(requestedAt.getTime() + REVIEW_LINK_DAYS * DAY_MS) }));
  }

  /** The booking id of a genuine, unexpired token; null for anything else. */
  bookingIdOf(token: unknown, now: Date): string | null {
    return this.signer.verify(token, now);
  }
}
