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
    const key = (recipient: string) => `conversation.${message.id}.${recipient}`;
    const threadUrl = `${this.ctx.publicUrl}${this.links.customerPath(thread._id, now)}`;
    const customer = thread.customer;
    const copyTo = provedAddress(customer);
    if (posted.first && customer.email && awaitsConfirmation(customer)) {
      // Our fixed text and the link only: nothing the sender typed (name, message, links) is in it.
      const confirmUrl = `${this.ctx.publicUrl}${this.links.confirmationPath(thread._id, customer.emailConfirmation!.nonce, now)}`;
      await this.notifier.email(
        `conversation.${thread._id}.confirm-email`,
        customer.email,
        confirmEmailAddressEmail({ confirmUrl }),
      );
    }

    if (thread.kind === 'driver' && thread.driver) {
      if (message.from === 'customer') {
        const contact = await this.drivers.contact(thread.driver.id);
        // A suspended driver's reply link opens nothing; the customer's words are not mailed to them either.
        if (!contact?.active) {
          this.logger.warn(
            { driverId: thread.driver.id, conversationId: thread._id },
            contact ? 'driver suspended; message not mailed' : 'driver no longer exists; message not mailed',
          );
        } else {
          const replyUrl = `${this.ctx.publicUrl}${this.links.driverPath(thread._id, thread.driver.id, now)}`;
          await this.notifier.email(
            key('driver'),
            contact.email,
            messageToDriverEmail({
              driverName: contact.name,
              customerName: customer.name,
              about: thread.about,
              body: message.body,
              replyUrl,
              first: posted.first,
            }),
          );
        }
        if (posted.first && copyTo) {
          await this.notifier.email(
            key('customer-copy'),
            copyTo,
            conversationStartedEmail({
              customerName: customer.name,
              to: thread.driver.name,
              body: message.body,
              threadUrl,
            }),
          );
        }
      } else if (message.from === 'driver' && copyTo) {
        await this.notifier.email(
          key('customer'),
          copyTo,
          replyToCustomerEmail({
            customerName: customer.name,
            from: thread.driver.name,
            body: message.body,
            threadUrl,
          }),
        );
      }
      return;
    }

    if (message.from === 'customer' && posted.first) {
      await this.notifier.email(
        key('office'),
        this.ctx.officeEmail,
        supportChatStartedEmail({
          customerName: customer.name,
          page: thread.page,
          body: message.body,
          inboxUrl: `${this.ctx.publicUrl}${SUPPORT_INBOX_PATH}`,
        }),
      );
      if (copyTo) {
        await this.notifier.email(
          key('customer-copy'),
          copyTo,
          conversationStartedEmail({ customerName: customer.name, to: SUPPORT_AUTHOR, body: message.body, threadUrl }),
        );
      }
    } else if (message.from === 'staff' && copyTo) {
      await this.notifier.email(
        key('customer'),
        copyTo,
        replyToCustomerEmail({ customerName: customer.name, from: SUPPORT_AUTHOR, body: message.body, threadUrl }),
      );
    }
  }
}
