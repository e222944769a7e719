import path from 'node:path';
import {
  ConfigError,
  DEFAULT_PORTS,
  EnvReader,
  isEmbeddedPlatform,
  readJwtConfig,
  readLinkSecret,
  readPlatformConfig,
  readServiceUrls,
  type Env,
  type JwtConfig,
  type LinkSecret,
  type PlatformConfig,
} from '@vanhop/platform';

export interface SmsConfig {
  /** HTTP SMS provider endpoint; text messages go to files under the outbox when unset. */
  providerUrl?: string;
  apiKey?: string;
  from: string;
  outboxDir: string;
}

/** Customer-driver threads and Instant Support chats (the conversations module). */
export interface ConversationsConfig {
  /** Signs the customer's thread links and the drivers' reply links (CONVERSATION_LINK_SECRET). */
  link: LinkSecret;
  /**
   * Staff tokens, verified here for the Instant Support inbox as well as at the gateway. Null only
   * in embedded mode without JWT_SECRET (nobody could sign in): the inbox is then not mounted.
   */
  staffJwt: JwtConfig | null;
  /** The fleet service (FLEET_SERVICE_URL) owns drivers; their e-mail addresses are read from it, never stored here. */
  fleetServiceUrl: string;
  /** Messages (first ones included) one client may post per hour, over all threads. */
  perClientPerHour: number;
  /** Messages one side of one thread may post per hour. */
  perThreadPerHour: number;
  /**
   * The booking service checks the My move link a chat starts from (the address it proves gets
   * copies at once); the My move secret is never given to this service.
   */
  bookingServiceUrl: string;
}

export interface NotificationConfig {
  platform: PlatformConfig;
  mailTransport: 'outbox' | 'smtp';
  smtpUrl?: string;
  outboxDir: string;
  mailFrom: string;
  mailReplyTo: string;
  officeEmail: string;
  contactRateLimitPerHour: number;
  /** Base of links in messages (retrieve page, review page). */
  publicUrl: string;
  /** Where the review-request e-mail sends the customer. */
  reviewUrl: string;
  sms: SmsConfig;
  /**
   * `GET /api/dev/outbox` (staff read the mail a customer would get, retrieve codes included):
   * embedded mode only, and behind the staff token check (null: not mounted).
   */
  devRoutes: { jwt: JwtConfig } | null;
  /** Mail/SMS failures (SMTP down) are retried by the bus this many times, backoff doubling from the first delay. */
  deliveryRetries: number;
  deliveryRetryBackoffMs: number;
  conversations: ConversationsConfig;
}

export function loadConfig(env: Env): NotificationConfig {
  const r = new EnvReader(env);
  const platform = readPlatformConfig(env, 'notification', DEFAULT_PORTS.notification);
  const mailTransport = r.oneOf('MAIL_TRANSPORT', ['outbox', 'smtp'] as const, 'outbox');
  const smtpUrl = r.optionalString('SMTP_URL');
  if (mailTransport === 'smtp' && !smtpUrl) throw new ConfigError('SMTP_URL', 'is required when MAIL_TRANSPORT=smtp');
  // Not echoed like other bad values: it carries the mail account's password.
  if (smtpUrl && !URL.canParse(smtpUrl))
    throw new ConfigError('SMTP_URL', 'must be a URL such as smtp://user:password@host:587');
  const outboxDir = r.string('OUTBOX_DIR', path.join(platform.dataDir, 'outbox'));
  const smsProviderUrl = r.optionalUrl('SMS_PROVIDER_URL');
  const smsApiKey = r.optionalString('SMS_API_KEY');
  if (smsProviderUrl && !smsApiKey) throw new ConfigError('SMS_API_KEY', 'is required when SMS_PROVIDER_URL is set');
  const placeId = r.optionalString('GOOGLE_PLACE_ID');
  return {
    platform,
    mailTransport,
    smtpUrl,
    outboxDir,
    mailFrom: r.string('MAIL_FROM', 'VanHop Removals <bookings@vanhop.example>'),
    mailReplyTo: r.string('MAIL_REPLY_TO', 'support@vanhop.example'),
    officeEmail: r.string('OFFICE_EMAIL', 'office@vanhop.example'),
    contactRateLimitPerHour: r.int('CONTACT_RATE_LIMIT_PER_HOUR', 5, { min: 1 }),
    publicUrl: platform.publicUrl,
    reviewUrl: r.url(
      'REVIEW_URL',
      placeId
        ? `https://search.google.com/local/writereview?placeid=${encodeURIComponent(placeId)}`
        : `${platform.publicUrl}/contact`,
    ),
    sms: {
      providerUrl: smsProviderUrl,
      apiKey: smsApiKey,
      from: r.string('SMS_FROM', 'VanHop'),
      outboxDir: path.join(outboxDir, 'sms'),
    },
    devRoutes: readDevRoutes(env, r, platform),
    deliveryRetries: r.int('DELIVERY_MAX_RETRIES', 10, { min: 0, max: 50 }),
    deliveryRetryBackoffMs: r.int('DELIVERY_RETRY_BACKOFF_MS', 1000, { min: 1 }),
    conversations: readConversations(env, r, platform),
  };
}

function readConversations(env: Env, r: EnvReader, platform: PlatformConfig): ConversationsConfig {
  const staffJwt =
    isEmbeddedPlatform(platform) && r.optionalString('JWT_SECRET') === undefined ? null : readJwtConfig(env);
  const services = readServiceUrls(env);
  return {
    link: readLinkSecret(r, 'CONVERSATION_LINK_SECRET', platform, [{ name: 'JWT_SECRET', value: staffJwt?.secret }]),
    staffJwt,
    fleetServiceUrl: services.fleet,
    bookingServiceUrl: services.booking,
    perClientPerHour: r.int('CONVERSATION_RATE_LIMIT_PER_HOUR', 30, { min: 1 }),
    perThreadPerHour: r.int('CONVERSATION_THREAD_RATE_LIMIT_PER_HOUR', 20, { min: 1 }),
  };
}

function readDevRoutes(env: Env, r: EnvReader, platform: PlatformConfig): NotificationConfig['devRoutes'] {
  const embedded = isEmbeddedPlatform(platform);
  const asked = r.optionalString('EMBEDDED_DEV_ROUTES') !== undefined;
  if (!r.bool('EMBEDDED_DEV_ROUTES', embedded)) return null;
  if (!embedded)
    throw new ConfigError(
      'EMBEDDED_DEV_ROUTES',
      'can only be true in embedded mode (EVENT_BUS=memory, STORE=embedded): the outbox shows every customer e-mail',
    );
  // Staff prove who they are with tokens signed by JWT_SECRET; without one nobody could read it.
  if (!asked && r.optionalString('JWT_SECRET') === undefined) return null;
  return { jwt: readJwtConfig(env) };
}
