import { OutboxRelay, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type NotificationConfig } from './config.js';
import { createMailer } from './adapters/mailer.js';
import { CONTACT_MESSAGES, SubmitContactMessage } from './app/submit-contact-message.js';
import { contactRoutes } from './http/routes.js';
import { notificationSubscriptions } from './consumers/index.js';

export const notificationService: ServiceDefinition<NotificationConfig> = {
  name: 'notification',
  loadConfig,
  build(infra, config) {
    const mailer = createMailer(config);
    const relay = new OutboxRelay(infra.store, [CONTACT_MESSAGES], infra.bus, infra.logger);
    const submit = new SubmitContactMessage(infra.store, relay, infra.clock);
    return {
      routes: (app) => contactRoutes(app, { submit, cache: infra.cache, perHour: config.contactRateLimitPerHour }),
      subscriptions: notificationSubscriptions({ mailer, officeEmail: config.officeEmail }),
      start: () => relay.start(),
      stop: async () => {
        await relay.stop();
        await mailer.close();
      },
    };
  },
};
