import { FileOutboxMailer, SmtpMailer, type Mailer } from '@vanhop/platform';
import type { NotificationConfig } from '../config.js';

export const createMailer = (config: NotificationConfig): Mailer =>
  config.mailTransport === 'smtp' && config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new FileOutboxMailer(config.outboxDir, config.mailFrom);
