import { ConfigError, DEFAULT_PORTS, EnvReader, readPlatformConfig, readServiceUrls, type Env, type PlatformConfig } from '@vanhop/platform';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE: tests point the SDK at a local Stripe-API server; unset in production. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export interface PaymentConfig {
  platform: PlatformConfig;
  bookingUrl: string;
  /** Null: no key configured, the local test checkout is used instead. */
  stripe: StripeConfig | null;
}

export function loadConfig(env: Env): PaymentConfig {
  const r = new EnvReader(env);
  return {
    platform: readPlatformConfig(env, 'payment', DEFAULT_PORTS.payment),
    bookingUrl: readServiceUrls(env).booking,
    stripe: readStripeConfig(r),
  };
}

function readStripeConfig(r: EnvReader): StripeConfig | null {
  const secretKey = r.optionalString('STRIPE_SECRET_KEY');
  if (!secretKey) return null;
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) throw new ConfigError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_... or sk_live_...)');
  // Fulfilment relies on verified webhooks, so a key without its webhook secret is a misconfiguration.
  const webhookSecret = r.string('STRIPE_WEBHOOK_SECRET');
  if (!webhookSecret.startsWith('whsec_')) throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be a webhook signing secret (whsec_...)');
  const base = r.optionalUrl('STRIPE_API_BASE');
  if (!base) return { secretKey, webhookSecret };
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { secretKey, webhookSecret, api: { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol } };
}
