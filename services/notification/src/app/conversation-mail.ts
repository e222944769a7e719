import type { ConversationMessagePosted } from '@vanhop/contracts';
import type { Clock, DocumentStore, Logger } from '@vanhop/platform';
import { CONVERSATIONS, SUPPORT_AUTHOR, type ConversationThread } from '../domain/conversation-thread.js';
import type { ConversationLinks } from '../domain/conversation-links.js';
import type { DriverDirectory } from '../domain/conversation-driver-directory.js';
import { awaitsConfirmation, provedAddress } from '../domain/conversation-email.js';
import {
  confirmEmailAddressEmail,
  conversationStartedEmail,
  messageToDriverEmail,
  replyToCustomerEmail,
  supportChatStartedEmail,
} from '../domain/templates/conversation.js';
import type { Notifier } from './notifier.js';

/** Where the staff inbox lives in the web app (the office e-mail links to it). */
export const SUPPORT_INBOX_PATH = '/admin/support';

/**
 * Mails the other side of a conversation when a message is posted. Links are signed at sending
 * time (fresh expiry each mail); the driver's address is asked of the quote service each time
 * (an unreachable quote service throws, and the bus retries the event later). The customer gets
 * anything of the conversation only at a proved address (domain/conversation-email.ts), read from
 * the thread when the event is handled; an unproved one gets the one confirmation mail instead.
 */
export class ConversationMail {
  constructor(
    private readonly store: DocumentStore,
    private readonly notifier: Notifier,
    private readonly drivers: DriverDirectory,
    private readonly links: ConversationLinks,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly ctx: { publicUrl: string; officeEmail: string },
  ) {}

  async deliver(posted: ConversationMessagePosted): Promise<void> {
    const thread = await this.store
      .collection<ConversationThread>(CONVERSATIONS)
      .findOne({ _id: posted.conversationId });
    const message = thread?.messages.find((m) => m.id === posted.messageId);
    if (!thread || !message) {
      this.logger.warn(
        { conversationId: posted.conversationId, messageId: posted.messageId },
        'conversation message not found; nothing to mail',
      );
      return;
    }
    const now = this.clock.now();
    const posting: Posting = {
      thread,
      message,
      first: posted.first,
      now,
      key: (recipient) => `conversation.${message.id}.${recipient}`,
      threadUrl: `${this.ctx.publicUrl}${this.links.customerPath(thread._id, now)}`,
      copyTo: provedAddress(thread.customer),
    };
    await this.askToConfirmAddress(posting);
    if (thread.kind === 'driver' && thread.driver) await this.mailDriverThread(posting, thread.driver);
    else await this.mailSupportThread(posting);
  }

  /** A first message from an unproved address: the one confirmation mail. */
  private async askToConfirmAddress({ thread, first, now }: Posting): Promise<void> {
    const customer = thread.customer;
    if (!first || !customer.email || !awaitsConfirmation(customer)) return;
    // Our fixed text and the link only: nothing the sender typed (name, message, links) is in it.
    const confirmUrl = `${this.ctx.publicUrl}${this.links.confirmationPath(thread._id, customer.emailConfirmation!.nonce, now)}`;
    await this.notifier.email(
      `conversation.${thread._id}.confirm-email`,
      customer.email,
      confirmEmailAddressEmail({ confirmUrl }),
    );
  }

  /** A customer's message goes to the driver (a copy of the first to the customer); a driver's reply to the customer. */
  private async mailDriverThread(posting: Posting, driver: { id: string; name: string }): Promise<void> {
    const { thread, message, first, key, threadUrl, copyTo } = posting;
    const customerName = thread.customer.name;
    if (message.from === 'customer') {
      await this.mailDriver(posting, driver.id);
      if (first && copyTo) {
        await this.notifier.email(
          key('customer-copy'),
          copyTo,
          conversationStartedEmail({ customerName, to: driver.name, body: message.body, threadUrl }),
        );
      }
    } else if (message.from === 'driver' && copyTo) {
      await this.notifier.email(
        key('customer'),
        copyTo,
        replyToCustomerEmail({ customerName, from: driver.name, body: message.body, threadUrl }),
      );
    }
  }

  private async mailDriver({ thread, message, first, now, key }: Posting, driverId: string): Promise<void> {
    const contact = await this.drivers.contact(driverId);
    // A suspended driver's reply link opens nothing; the customer's words are not mailed to them either.
    if (!contact?.active) {
      this.logger.warn(
        { driverId, conversationId: thread._id },
        contact ? 'driver suspended; message not mailed' : 'driver no longer exists; message not mailed',
      );
      return;
    }
    const replyUrl = `${this.ctx.publicUrl}${this.links.driverPath(thread._id, driverId, now)}`;
    await this.notifier.email(
      key('driver'),
      contact.email,
      messageToDriverEmail({
        driverName: contact.name,
        customerName: thread.customer.name,
        about: thread.about,
        body: message.body,
        replyUrl,
        first,
      }),
    );
  }

  /** A customer's first message goes to the office (and a copy to the customer); staff replies to the customer. */
  private async mailSupportThread({ thread, message, first, key, threadUrl, copyTo }: Posting): Promise<void> {
    const customerName = thread.customer.name;
    if (message.from === 'customer' && first) {
      await this.notifier.email(
        key('office'),
        this.ctx.officeEmail,
        supportChatStartedEmail({
          customerName,
          page: thread.page,
          body: message.body,
          inboxUrl: `${this.ctx.publicUrl}${SUPPORT_INBOX_PATH}`,
        }),
      );
      if (copyTo) {
        await this.notifier.email(
          key('customer-copy'),
          copyTo,
          conversationStartedEmail({ customerName, to: SUPPORT_AUTHOR, body: message.body, threadUrl }),
        );
      }
    } else if (message.from === 'staff' && copyTo) {
      await this.notifier.email(
        key('customer'),
        copyTo,
        replyToCustomerEmail({ customerName, from: SUPPORT_AUTHOR, body: message.body, threadUrl }),
      );
    }
  }
}

/** One posted message as the mails about it see it. */
interface Posting {
  thread: ConversationThread;
  message: ConversationThread['messages'][number];
  first: boolean;
  now: Date;
  /** The delivery key of the mail to `recipient` about this message: one mail each, whatever the retries. */
  key: (recipient: string) => string;
  threadUrl: string;
  /** The customer's proved address, when there is one: only then do they get copies. */
  copyTo: string | null;
}
