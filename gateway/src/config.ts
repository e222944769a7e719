import { isIP } from 'node:net';
import path from 'node:path';
import {
  ConfigError,
  EnvReader,
  readJwtConfig,
  readPlatformConfig,
  readServiceUrls,
  DEFAULT_PORTS,
  type Env,
  type JwtConfig,
  type PlatformConfig,
  type ServiceUrls,
} from '@vanhop/platform';

export interface GatewayConfig {
  platform: PlatformConfig;
  /** Health (`/health/ready`) and metrics (`/metrics`): never public, so on their own port; the Ingress routes only `port`. */
  opsPort: number;
  /**
   * TRUST_PROXY: whose X-Forwarded-For names the client (rate limits are per client): false
   * (unset, the default: the connection's own address), a hop count, or addresses and ranges.
   */
  trustProxy: false | number | string[];
  services: ServiceUrls;
  jwt: JwtConfig;
  corsOrigins: string[];
  staticDir: string;
  rateLimitPerMinute: number;
  proxyTimeoutMs: number;
  /** Public keys the browser app needs, served at /api/config (never secrets). */
  publicSettings: { googleMapsKey?: string; stripePublishableKey?: string; phone: string; email: string };
}

const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address (`10.1.2.3`, `fd00::1`), a CIDR range (`10.0.0.0/8`) or one of Express's named ranges. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: unset or 0 trusts no proxy (a client cannot pick its own address for the rate
 * limits); a number trusts that many hops in front of the gateway (1: one load balancer or
 * Ingress controller); otherwise comma-separated addresses and CIDR ranges of the proxies.
 */
export function readTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10)
      throw new ConfigError(
        'TRUST_PROXY',
        `must be a hop count from 0 to 10 or comma-separated proxy addresses/CIDR ranges, got "${value}"`,
      );
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((s) => s.trim());
  const bad = entries.find((e) => !isAddressOrRange(e));
  if (bad !== undefined)
    throw new ConfigError(
      'TRUST_PROXY',
      `must be a hop count or comma-separated proxy addresses/CIDR ranges (e.g. 10.0.0.0/8), got "${bad}"`,
    );
  return entries;
}

/** The gateway's health and metrics port unless OPS_PORT says otherwise. */
export const DEFAULT_OPS_PORT = 9090;

export function loadConfig(env: Env): GatewayConfig {
  const r = new EnvReader(env);
  const platform = readPlatformConfig({ ...env, PORT: env.GATEWAY_PORT ?? env.PORT }, 'gateway', DEFAULT_PORTS.gateway);
  // A gateway on any free port (tests) puts its ops port on any free port too.
  const opsPort = r.port('OPS_PORT', platform.port === 0 ? 0 : DEFAULT_OPS_PORT);
  if (opsPort !== 0 && opsPort === platform.port)
    throw new ConfigError('OPS_PORT', `must differ from the gateway's own port (${platform.port})`);
  return {
    platform,
    opsPort,
    trustProxy: readTrustProxy(r.optionalString('TRUST_PROXY')),
    services: readServiceUrls(env),
    jwt: readJwtConfig(env),
    corsOrigins: r.list('CORS_ORIGINS'),
    staticDir: path.resolve(r.string('STATIC_DIR', 'frontend/dist')),
    rateLimitPerMinute: r.int('GATEWAY_RATE_LIMIT_PER_MINUTE', 600, { min: 1 }),
    proxyTimeoutMs: r.int('PROXY_TIMEOUT_MS', 30_000, { min: 100 }),
    publicSettings: {
      googleMapsKey: r.optionalString('GOOGLE_MAPS_BROWSER_KEY'),
      stripePublishableKey: r.optionalString('STRIPE_PUBLISHABLE_KEY'),
      phone: r.string('COMPANY_PHONE', '020 3000 0000'),
      email: r.string('COMPANY_EMAIL', 'hello@vanhop.example'),
    },
  };
}
