import { LinkSigner, serviceOutboxRelay, requireStaff, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type NotificationConfig } from './config.js';
import { createMailer } from './adapters/mailer.js';
import { createSms } from './adapters/sms.js';
import { OutboxFolder } from './adapters/outbox-folder.js';
import { ReadDevOutbox } from './app/read-dev-outbox.js';
import { CONTACT_MESSAGES, SubmitContactMessage } from './app/submit-contact-message.js';
import { Notifier } from './app/notifier.js';
import { contactRoutes } from './http/routes.js';
import { devOutboxRoutes } from './http/dev-outbox-routes.js';
import { notificationSubscriptions } from './consumers/index.js';
import { CONVERSATIONS } from './domain/conversation-thread.js';
import { ConversationLinks } from './domain/conversation-links.js';
import { FleetDriverDirectory } from './adapters/conversation-driver-directory.js';
import { BookingMyMoveBookings } from './adapters/conversation-my-move-bookings.js';
import { Conversations } from './app/conversation-use-cases.js';
import { ConversationMail } from './app/conversation-mail.js';
import { conversationRoutes } from './http/conversation-routes.js';
import { conversationStaffRoutes } from './http/conversation-staff-routes.js';
import { supportInboxPageRoutes } from './http/support-inbox-page-routes.js';
import { SupportInboxPages } from './app/support-inbox-pages.js';

export const notificationService: ServiceDefinition<NotificationConfig> = {
  name: 'notification',
  loadConfig,
  build(infra, config) {
    const mailer = createMailer(config);
    const notifier = new Notifier(infra.store, mailer, createSms(config.sms), infra.clock, config.mailReplyTo);
    const relay = serviceOutboxRelay(infra, [CONTACT_MESSAGES, CONVERSATIONS]);
    const submit = new SubmitContactMessage(infra.store, relay, infra.clock);
    const chat = config.conversations;
    if (chat.link.generated)
      infra.logger.warn(
        'CONVERSATION_LINK_SECRET is not set: conversation links stop working when this process restarts',
      );
    const links = new ConversationLinks((purpose) => new LinkSigner(chat.link.secret, purpose));
    const drivers = new FleetDriverDirectory(chat.fleetServiceUrl, infra.logger);
    const conversations = new Conversations(infra.store, relay, infra.clock, links, drivers, {
      bookings: new BookingMyMoveBookings(chat.bookingServiceUrl, infra.logger),
      cache: infra.cache,
    });
    const inboxPages = new SupportInboxPages(infra.store, infra.clock);
    const conversationMail = new ConversationMail(infra.store, notifier, drivers, links, infra.clock, infra.logger, {
      publicUrl: config.publicUrl,
      officeEmail: config.officeEmail,
    });
    return {
      routes: (app) => {
        contactRoutes(app, { submit, cache: infra.cache, perHour: config.contactRateLimitPerHour });
        conversationRoutes(app, {
          conversations,
          cache: infra.cache,
          perClientPerHour: chat.perClientPerHour,
          perThreadPerHour: chat.perThreadPerHour,
        });
        if (chat.staffJwt) {
          const staffOnly = requireStaff(chat.staffJwt, infra.clock);
          supportInboxPageRoutes(app, { pages: inboxPages, staffOnly });
          conversationStaffRoutes(app, { conversations, staffOnly });
        }
        if (config.devRoutes)
          devOutboxRoutes(app, {
            outbox: new ReadDevOutbox(new OutboxFolder(config.outboxDir, config.sms.outboxDir)),
            staffOnly: requireStaff(config.devRoutes.jwt, infra.clock),
          });
      },
      subscriptions: notificationSubscriptions({
        notifier,
        logger: infra.logger,
        cache: infra.cache,
        officeEmail: config.officeEmail,
        publicUrl: config.publicUrl,
        reviewUrl: config.reviewUrl,
        delivery: { maxRetries: config.deliveryRetries, retryBackoffMs: config.deliveryRetryBackoffMs },
        conversationMail,
      }),
      checks: config.mailTransport === 'smtp' ? [] : [{ name: 'outbox', check: () => mailer.ping() }],
      start: async () => {
        await conversations.ensureIndexes();
        await inboxPages.ensureIndexes();
        await relay.start();
      },
      stop: async () => {
        await relay.stop();
        await mailer.close();
      },
    };
  },
};
