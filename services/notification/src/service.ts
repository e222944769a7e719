import { OutboxRelay, requireStaff, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type NotificationConfig } from './config.js';
import { createMailer } from './adapters/mailer.js';
import { createSms } from './adapters/sms.js';
import { OutboxFolder } from './adapters/outbox-folder.js';
import { CONTACT_MESSAGES, SubmitContactMessage } from './app/submit-contact-message.js';
import { Notifier } from './app/notifier.js';
import { contactRoutes } from './http/routes.js';
import { devOutboxRoutes } from './http/dev-outbox-routes.js';
import { notificationSubscriptions } from './consumers/index.js';

export const notificationService: ServiceDefinition<NotificationConfig> = {
  name: 'notification',
  loadConfig,
  build(infra, config) {
    const mailer = createMailer(config);
    const notifier = new Notifier(infra.store, mailer, createSms(config.sms), infra.clock, config.mailReplyTo);
    const relay = new OutboxRelay(infra.store, [CONTACT_MESSAGES], infra.bus, infra.logger);
    const submit = new SubmitContactMessage(infra.store, relay, infra.clock);
    return {
      routes: (app) => {
        contactRoutes(app, { submit, cache: infra.cache, perHour: config.contactRateLimitPerHour });
        if (config.devRoutes) devOutboxRoutes(app, { outbox: new OutboxFolder(config.outboxDir, config.sms.outboxDir), staffOnly: requireStaff(config.devRoutes.jwt, infra.clock) });
      },
      subscriptions: notificationSubscriptions({
        notifier,
        logger: infra.logger,
        officeEmail: config.officeEmail,
        publicUrl: config.publicUrl,
        reviewUrl: config.reviewUrl,
        delivery: { maxRetries: config.deliveryRetries, retryBackoffMs: config.deliveryRetryBackoffMs },
      }),
      checks: config.mailTransport === 'smtp' ? [] : [{ name: 'outbox', check: () => mailer.ping() }],
      start: () => relay.start(),
      stop: async () => {
        await relay.stop();
        await mailer.close();
      },
    };
  },
};
