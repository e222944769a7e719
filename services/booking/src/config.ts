import { EnvReader, readJwtConfig, readPlatformConfig, readServiceUrls, DEFAULT_PORTS, type Env, type JwtConfig, type PlatformConfig } from '@vanhop/platform';

export interface BookingConfig {
  platform: PlatformConfig;
  /** The quote service, which prices every saved quote (QUOTE_SERVICE_URL). */
  quoteServiceUrl: string;
  quoteTimeoutMs: number;
  /** Retrieve-by-code (and save) requests per client per minute: codes must not be guessable by brute force. */
  retrieveRateLimitPerMinute: number;
  /** Staff tokens are verified here too, not only at the gateway (admin routes). */
  jwt: JwtConfig;
}

export function loadConfig(env: Env): BookingConfig {
  const r = new EnvReader(env);
  return {
    platform: readPlatformConfig(env, 'booking', DEFAULT_PORTS.booking),
    quoteServiceUrl: readServiceUrls(env).quote,
    quoteTimeoutMs: r.int('QUOTE_TIMEOUT_MS', 10_000, { min: 100, max: 120_000 }),
    retrieveRateLimitPerMinute: r.int('RETRIEVE_RATE_LIMIT_PER_MINUTE', 30, { min: 1, max: 100_000 }),
    jwt: readJwtConfig(env),
  };
}
