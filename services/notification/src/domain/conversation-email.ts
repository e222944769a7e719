import type { ConversationEmailStatus } from '@vanhop/contracts';

/**
 * Proof that the customer's e-mail address is theirs. Whoever starts a chat types the address, so
 * without proof a stranger's text would be mailed from our bookings address to anyone: nothing of
 * a conversation (the customer's own copy, a driver's or staff's reply) is mailed to an address
 * until it is proved, by one of:
 * - `my-move`: the chat was started from My move with the booking's signed link, and the address is
 *   the booking's (the booking service checked the link);
 * - `confirmation-link`: the customer opened the one-time link mailed to that address.
 */
export type EmailProof = { by: 'my-move'; bookingId: string; at: string } | { by: 'confirmation-link'; at: string };

/** The one confirmation link an unproved address is sent (fixed text and the link, nothing of the chat). */
export interface EmailConfirmation {
  /** What the signed link names; cleared once the link is used, so it proves the address once. */
  nonce: string;
  /** ISO. */
  requestedAt: string;
  /** False when the address had its share of confirmation mails: no link was sent. */
  mailed: boolean;
}

/** The customer of a thread. Threads stored before proofs existed have neither field: unproved. */
export interface ConversationCustomer {
  name: string;
  /** As typed. Only ever used to mail them, and only once proved; no view shows it to a driver. */
  email: string | null;
  emailProof?: EmailProof | null;
  emailConfirmation?: EmailConfirmation | null;
}

/** Where copies of the conversation may be mailed: the address once proved, else nowhere. */
export const provedAddress = (c: ConversationCustomer): string | null => (c.email && c.emailProof ? c.email : null);

/** The address still waits for its confirmation link to be mailed (or opened). */
export const awaitsConfirmation = (c: ConversationCustomer): boolean =>
  Boolean(c.email && !c.emailProof && c.emailConfirmation?.mailed);

export function emailStatus(c: ConversationCustomer): ConversationEmailStatus {
  if (!c.email) return 'none';
  if (c.emailProof) return 'verified';
  return c.emailConfirmation?.mailed ? 'pending' : 'unconfirmed';
}

/** E-mail addresses compare without case (the domain never has it; mailboxes in practice neither). */
export const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** What a booking's My move link proves: that booking and its customer's address. */
export interface MyMoveOwner {
  bookingId: string;
  email: string;
  /** The booking's reference and customer name (a support chat from My move is tied to the booking). */
  reference?: number;
  name?: string;
}

/** The booking service, which alone can tell a genuine My move link (a port: the domain knows no HTTP). */
export interface MyMoveBookings {
  /** The booking a live My move token names; null for a forged, expired or deleted one; throws when it cannot be asked. */
  ownerOf(myMoveToken: string): Promise<MyMoveOwner | null>;
}
