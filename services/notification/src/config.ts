import path from 'node:path';
import { EnvReader, readPlatformConfig, DEFAULT_PORTS, ConfigError, type Env, type PlatformConfig } from '@vanhop/platform';

export interface NotificationConfig {
  platform: PlatformConfig;
  mailTransport: 'outbox' | 'smtp';
  smtpUrl?: string;
  outboxDir: string;
  mailFrom: string;
  mailReplyTo: string;
  officeEmail: string;
  contactRateLimitPerHour: number;
}

export function loadConfig(env: Env): NotificationConfig {
  const r = new EnvReader(env);
  const platform = readPlatformConfig(env, 'notification', DEFAULT_PORTS.notification);
  const mailTransport = r.oneOf('MAIL_TRANSPORT', ['outbox', 'smtp'] as const, 'outbox');
  const smtpUrl = r.optionalString('SMTP_URL');
  if (mailTransport === 'smtp' && !smtpUrl) throw new ConfigError('SMTP_URL', 'is required when MAIL_TRANSPORT=smtp');
  return {
    platform,
    mailTransport,
    smtpUrl,
    outboxDir: r.string('OUTBOX_DIR', path.join(platform.dataDir, 'outbox')),
    mailFrom: r.string('MAIL_FROM', 'VanHop Removals <bookings@vanhop.example>'),
    mailReplyTo: r.string('MAIL_REPLY_TO', 'support@vanhop.example'),
    officeEmail: r.string('OFFICE_EMAIL', 'office@vanhop.example'),
    contactRateLimitPerHour: r.int('CONTACT_RATE_LIMIT_PER_HOUR', 5, { min: 1 }),
  };
}
