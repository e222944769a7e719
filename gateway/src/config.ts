import path from 'node:path';
import { ConfigError, EnvReader, readJwtConfig, readPlatformConfig, readServiceUrls, DEFAULT_PORTS, type Env, type JwtConfig, type PlatformConfig, type ServiceUrls } from '@vanhop/platform';

export interface GatewayConfig {
  platform: PlatformConfig;
  /** Health (`/health/ready`) and metrics (`/metrics`): never public, so on their own port; the Ingress routes only `port`. */
  opsPort: number;
  services: ServiceUrls;
  jwt: JwtConfig;
  corsOrigins: string[];
  staticDir: string;
  rateLimitPerMinute: number;
  proxyTimeoutMs: number;
  /** Public keys the browser app needs, served at /api/config (never secrets). */
  publicSettings: { googleMapsKey?: string; stripePublishableKey?: string; phone: string; email: string };
}

/** The gateway's health and metrics port unless OPS_PORT says otherwise. */
export const DEFAULT_OPS_PORT = 9090;

export function loadConfig(env: Env): GatewayConfig {
  const r = new EnvReader(env);
  const platform = readPlatformConfig({ ...env, PORT: env.GATEWAY_PORT ?? env.PORT }, 'gateway', DEFAULT_PORTS.gateway);
  // A gateway on any free port (tests) puts its ops port on any free port too.
  const opsPort = r.port('OPS_PORT', platform.port === 0 ? 0 : DEFAULT_OPS_PORT);
  if (opsPort !== 0 && opsPort === platform.port) throw new ConfigError('OPS_PORT', `must differ from the gateway's own port (${platform.port})`);
  return {
    platform,
    opsPort,
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
