import { myMovePath, MY_MOVE_LINK_GRACE_DAYS } from '@vanhop/contracts';

/** The port to a link signer (the platform's LinkSigner): an HMAC over the subject and expiry. */
export interface LinkSigning {
  sign(claims: { subject: string; expiresAt: Date }): string;
  /** The subject of a genuine, unexpired token; null for anything else. */
  verify(token: unknown, now: Date): string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const TOKEN = /^[\w.-]{1,512}$/;

/**
 * The customer's My move link: a signed token naming the booking, valid until well after the move
 * (receipts, a postponed booking's new date). It is the only credential of the page, and it cannot
 * be made from the retrieve code.
 */
export class MyMoveLinks {
  constructor(private readonly signer: LinkSigning) {}

  /**
   * The expiry follows only from the record (its move date, or when it was saved if that is later),
   * never from the clock: the same booking gets the same link on every page, e-mail and checkout
   * return URL, so a provider call under one idempotency key always carries the same parameters.
   */
  pathFor(booking: { _id: string; moveDate: string; savedAt: string }): string {
    const from = Math.max(
      ...[booking.moveDate, booking.savedAt].map((d) => Date.parse(d)).filter((t) => !Number.isNaN(t)),
      0,
    );
    return myMovePath(
      this.signer.sign({ subject: booking._id, expiresAt: new Date(from + MY_MOVE_LINK_GRACE_DAYS * DAY_MS) }),
    );
  }

  /** The booking id of a genuine, unexpired token; null for anything else. */
  bookingIdOf(token: unknown, now: Date): string | null {
    if (typeof token !== 'string' || !TOKEN.test(token)) return null;
    return this.signer.verify(token, now);
  }
}
