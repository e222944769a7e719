import {
  ConfigError,
  EnvReader,
  isEmbeddedPlatform,
  readJwtConfig,
  readPlatformConfig,
  readServiceUrls,
  DEFAULT_PORTS,
  type Env,
  type JwtConfig,
  type PlatformConfig,
} from '@vanhop/platform';

export interface FleetConfig {
  platform: PlatformConfig;
  seedDemoDrivers: boolean;
  /**
   * Verifies staff tokens (the Drivers pages) and driver tokens (the driver portal); both are
   * issued by admin-auth. Null only in embedded mode without JWT_SECRET: those routes are then not mounted.
   */
  jwt: JwtConfig | null;
  /** JOB_RESPONSE_MINUTES: how long a driver has to accept or decline a job before it goes back to staff. */
  jobResponseMinutes: number;
  /** Masked calls between driver and customer; unset: the card's call says calls are not connected. */
  telephony?: { providerUrl: string; apiKey: string };
  /** The quote service (QUOTE_SERVICE_URL): who can take a booked move, ranked, and a place's point. */
  quoteServiceUrl: string;
  quoteTimeoutMs: number;
}

export function loadConfig(env: Env): FleetConfig {
  const r = new EnvReader(env);
  const platform = readPlatformConfig(env, 'fleet', DEFAULT_PORTS.fleet);
  const telephonyUrl = r.optionalUrl('TELEPHONY_PROVIDER_URL');
  const telephonyKey = r.optionalString('TELEPHONY_API_KEY');
  if (telephonyUrl && !telephonyKey)
    throw new ConfigError('TELEPHONY_API_KEY', 'is required when TELEPHONY_PROVIDER_URL is set');
  if (telephonyKey && !telephonyUrl)
    throw new ConfigError('TELEPHONY_PROVIDER_URL', 'is required when TELEPHONY_API_KEY is set');
  return {
    platform,
    // Embedded mode is the demo: it gets demo drivers unless told otherwise.
    seedDemoDrivers: r.bool('SEED_DEMO_DRIVERS', platform.store === 'embedded'),
    jwt: isEmbeddedPlatform(platform) && r.optionalString('JWT_SECRET') === undefined ? null : readJwtConfig(env),
    jobResponseMinutes: r.int('JOB_RESPONSE_MINUTES', 120, { min: 5, max: 7 * 24 * 60 }),
    ...(telephonyUrl && telephonyKey ? { telephony: { providerUrl: telephonyUrl, apiKey: telephonyKey } } : {}),
    quoteServiceUrl: readServiceUrls(env).quote,
    quoteTimeoutMs: r.int('QUOTE_TIMEOUT_MS', 10_000, { min: 100, max: 120_000 }),
  };
}
