import { confirmEmailPath, conversationPath, driverReplyPath } from '@vanhop/contracts';

/** What signs and checks one purpose's links (a port: the domain knows no HMAC). */
export interface LinkSigning {
  sign(claims: { subject: string; expiresAt: Date }): string;
  verify(token: unknown, now: Date): string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A customer comes back to a thread from the browser or an e-mail for months (a move booked well ahead). */
export const CUSTOMER_LINK_DAYS = 180;
/** Every e-mail to the driver carries a fresh link, so a short life costs nothing. */
export const DRIVER_LINK_DAYS = 60;
/** The e-mail confirmation link is meant to be opened soon after the chat starts. */
export const CONFIRMATION_LINK_DAYS = 7;

/** `<thread>:<other>` subjects (the thread id is a UUID, so the last colon separates them). */
function pairOf(subject: string | null): [string, string] | null {
  const colon = subject?.lastIndexOf(':') ?? -1;
  if (!subject || colon <= 0 || colon === subject.length - 1) return null;
  return [subject.slice(0, colon), subject.slice(colon + 1)];
}

/**
 * The signed links of conversations: the customer's (names the thread), the driver's (names
 * the thread and that driver) and the one-time e-mail confirmation (names the thread and the
 * confirmation's nonce). Three purposes under one secret, so no token opens another's page. They
 * are the only credentials: customers have no account, drivers no login.
 */
export class ConversationLinks {
  private readonly customer: LinkSigning;
  private readonly driver: LinkSigning;
  private readonly confirmation: LinkSigning;

  /** `signerFor(purpose)`: the platform's LinkSigner over CONVERSATION_LINK_SECRET in production. */
  constructor(signerFor: (purpose: string) => LinkSigning) {
    this.customer = signerFor('conversation-customer');
    this.driver = signerFor('conversation-driver');
    this.confirmation = signerFor('conversation-email');
  }

  customerToken(conversationId: string, now: Date): string {
    return this.customer.sign({
      subject: conversationId,
      expiresAt: new Date(now.getTime() + CUSTOMER_LINK_DAYS * DAY_MS),
    });
  }

  customerPath(conversationId: string, now: Date): string {
    return conversationPath(this.customerToken(conversationId, now));
  }

  /** The thread id of a genuine, unexpired customer token; null for anything else. */
  conversationOf(token: unknown, now: Date): string | null {
    return this.customer.verify(token, now);
  }

  driverPath(conversationId: string, driverId: string, now: Date): string {
    return driverReplyPath(
      this.driver.sign({
        subject: `${conversationId}:${driverId}`,
        expiresAt: new Date(now.getTime() + DRIVER_LINK_DAYS * DAY_MS),
      }),
    );
  }

  /** Thread and driver of a genuine, unexpired driver token; null for anything else. */
  driverThreadOf(token: unknown, now: Date): { conversationId: string; driverId: string } | null {
    const pair = pairOf(this.driver.verify(token, now));
    return pair && { conversationId: pair[0], driverId: pair[1] };
  }

  /** The confirmation link: the customer's thread page with the one-time token that proves the address. */
  confirmationPath(conversationId: string, nonce: string, now: Date): string {
    const confirmation = this.confirmation.sign({
      subject: `${conversationId}:${nonce}`,
      expiresAt: new Date(now.getTime() + CONFIRMATION_LINK_DAYS * DAY_MS),
    });
    return confirmEmailPath(this.customerToken(conversationId, now), confirmation);
  }

  /** Thread and nonce of a genuine, unexpired confirmation token; null for anything else. */
  confirmationOf(token: unknown, now: Date): { conversationId: string; nonce: string } | null {
    const pair = pairOf(this.confirmation.verify(token, now));
    return pair && { conversationId: pair[0], nonce: pair[1] };
  }
}
