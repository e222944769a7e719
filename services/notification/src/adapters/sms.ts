import { FileOutboxSms, HttpSms, type Sms } from '@vanhop/platform';
import type { SmsConfig } from '../config.js';

/** The HTTP provider when one is configured, files beside the mail outbox otherwise. */
export const createSms = (config: SmsConfig): Sms =>
  config.providerUrl && config.apiKey
    ? new HttpSms({ url: config.providerUrl, apiKey: config.apiKey, from: config.from })
    : new FileOutboxSms(config.outboxDir);
