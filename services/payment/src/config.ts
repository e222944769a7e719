import {
  ConfigError,
  DEFAULT_PORTS,
  EnvReader,
  isEmbeddedPlatform,
  readJwtConfig,
  readPlatformConfig,
  readServiceUrls,
  type Env,
  type JwtConfig,
  type PlatformConfig,
} from '@vanhop/platform';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE: tests point the SDK at a local Stripe-API server; unset in production. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export interface PaymentConfig {
  platform: PlatformConfig;
  bookingServiceUrl: string;
  /** The fleet service (FLEET_SERVICE_URL): a checkout holds the booked driver's time there first. */
  fleetServiceUrl: string;
  /** Null: no key configured, the local test checkout is used instead. */
  stripe: StripeConfig | null;
  /** OPEN_HOLDS_PER_CUSTOMER: unpaid checkouts one contact e-mail may hold drivers with at once, from any clients. */
  openHoldsPerCustomer: number;
  /**
   * OPEN_HOLDS_PER_CLIENT: unpaid checkouts one client (address) may hold drivers with at once, under
   * any e-mails (default twice the per-customer share: two customers behind one address, a household
   * or an office, do not shut each other out; one client still cannot take many drivers off the market).
   */
  openHoldsPerClient: number;
  /**
   * RETRIEVE_RATE_LIMIT_PER_MINUTE (booking's budget for retrieving by code): payment requests that
   * name a booking by its code or id, per client per minute, so codes cannot be tried here instead.
   */
  bookingLookupsPerMinute: number;
  /**
   * Verifies staff tokens (drivers' earnings, payouts) and driver tokens (their own statement).
   * Null only in embedded mode without JWT_SECRET: those routes are then not mounted.
   */
  jwt: JwtConfig | null;
  /** PAYMENT_HOLD_SWEEP_MS: how often open attempts whose driver hold lapsed are closed at the provider. */
  holdSweepMs: number;
}

/**
 * Open checkouts one customer may hold at once: enough for two tabs comparing, too few to take a
 * slot's drivers off the market by opening checkouts and leaving them unpaid.
 */
export const DEFAULT_OPEN_HOLDS = 2;

export function loadConfig(env: Env): PaymentConfig {
  const r = new EnvReader(env);
  const platform = readPlatformConfig(env, 'payment', DEFAULT_PORTS.payment);
  return {
    platform,
    bookingServiceUrl: readServiceUrls(env).booking,
    fleetServiceUrl: readServiceUrls(env).fleet,
    stripe: readStripeConfig(r, platform),
    openHoldsPerCustomer: r.int('OPEN_HOLDS_PER_CUSTOMER', DEFAULT_OPEN_HOLDS, { min: 1, max: 1000 }),
    openHoldsPerClient: r.int(
      'OPEN_HOLDS_PER_CLIENT',
      2 * r.int('OPEN_HOLDS_PER_CUSTOMER', DEFAULT_OPEN_HOLDS, { min: 1, max: 1000 }),
      { min: 1, max: 2000 },
    ),
    bookingLookupsPerMinute: r.int('RETRIEVE_RATE_LIMIT_PER_MINUTE', 30, { min: 1, max: 100_000 }),
    jwt: isEmbeddedPlatform(platform) && r.optionalString('JWT_SECRET') === undefined ? null : readJwtConfig(env),
    holdSweepMs: r.int('PAYMENT_HOLD_SWEEP_MS', 60_000, { min: 10, max: 3_600_000 }),
  };
}

/**
 * The local TEST checkout lets anyone mark a booking paid, so it never stands in for a missing key
 * by accident: it is the default only on the embedded adapters (one machine, no real customers)
 * outside NODE_ENV=production (the image sets it: a deployed container left on the embedded
 * adapters is no test machine), and elsewhere only when PAYMENT_PROVIDER=local says so.
 */
function readStripeConfig(r: EnvReader, platform: PlatformConfig): StripeConfig | null {
  const embedded = isEmbeddedPlatform(platform);
  const hasKey = r.optionalString('STRIPE_SECRET_KEY') !== undefined;
  if (
    embedded &&
    !hasKey &&
    r.optionalString('PAYMENT_PROVIDER') === undefined &&
    // Any spelling of it: NODE_ENV=Production is a deployment too, whatever Node's libraries make of it.
    r.optionalString('NODE_ENV')?.trim().toLowerCase() === 'production'
  ) {
    throw new ConfigError(
      'PAYMENT_PROVIDER',
      'must be set when NODE_ENV=production: the embedded adapters would mount the local test checkout, where anyone can mark a booking paid (set PAYMENT_PROVIDER=local to accept that, or STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for real payments)',
    );
  }
  const provider = r.oneOf('PAYMENT_PROVIDER', ['stripe', 'local'] as const, hasKey || !embedded ? 'stripe' : 'local');
  if (provider === 'local') {
    if (hasKey) throw new ConfigError('PAYMENT_PROVIDER', 'is local but STRIPE_SECRET_KEY is set: unset one of them');
    return null;
  }
  if (!hasKey) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY',
      embedded
        ? 'is required when PAYMENT_PROVIDER=stripe'
        : 'is required outside embedded mode (set PAYMENT_PROVIDER=local only for a test environment without real payments)',
    );
  }
  const secretKey = r.string('STRIPE_SECRET_KEY');
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    throw new ConfigError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_... or sk_live_...)');
  // Fulfilment relies on verified webhooks, so a key without its webhook secret is a misconfiguration.
  const webhookSecret = r.string('STRIPE_WEBHOOK_SECRET');
  if (!webhookSecret.startsWith('whsec_'))
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be a webhook signing secret (whsec_...)');
  const base = r.optionalUrl('STRIPE_API_BASE');
  if (!base) return { secretKey, webhookSecret };
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey,
    webhookSecret,
    api: { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol },
  };
}
