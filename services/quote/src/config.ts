import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  EnvReader,
  isEmbeddedPlatform,
  readJwtConfig,
  readPlatformConfig,
  DEFAULT_PORTS,
  type Env,
  type JwtConfig,
  type PlatformConfig,
} from '@vanhop/platform';

export interface QuoteConfig {
  platform: PlatformConfig;
  /** Server-side Google Maps key: when set, geocoding and routes come from Google. */
  googleMapsApiKey?: string;
  googleMapsBaseUrl: string;
  googleTimeoutMs: number;
  /** Folder holding uk-outcodes.csv and the place lists; found automatically when unset. */
  geoDataDir?: string;
  seedDemoDrivers: boolean;
  /**
   * Verifies staff tokens (the Drivers pages) and driver tokens (the driver portal); both are
   * issued by admin-auth. Null only in embedded mode without JWT_SECRET: those routes are then not mounted.
   */
  jwt: JwtConfig | null;
  /** JOB_RESPONSE_MINUTES: how long a driver has to accept or decline a job before it goes back to staff. */
  jobResponseMinutes: number;
  /**
   * DRIVER_CARDS_POLL_MS: how often pricing's read model asks the store for drivers another replica
   * wrote: how long such a change may go unpriced here.
   */
  driverCardsPollMs: number;
  /** Masked calls between driver and customer; unset: the card's call says calls are not connected. */
  telephony?: { providerUrl: string; apiKey: string };
}

export function loadConfig(env: Env): QuoteConfig {
  const r = new EnvReader(env);
  const platform = readPlatformConfig(env, 'quote', DEFAULT_PORTS.quote);
  const geoDataDir = r.optionalString('GEO_DATA_DIR');
  const telephonyUrl = r.optionalUrl('TELEPHONY_PROVIDER_URL');
  const telephonyKey = r.optionalString('TELEPHONY_API_KEY');
  if (telephonyUrl && !telephonyKey)
    throw new ConfigError('TELEPHONY_API_KEY', 'is required when TELEPHONY_PROVIDER_URL is set');
  if (telephonyKey && !telephonyUrl)
    throw new ConfigError('TELEPHONY_PROVIDER_URL', 'is required when TELEPHONY_API_KEY is set');
  if (geoDataDir && !existsSync(path.join(geoDataDir, 'uk-outcodes.csv')))
    throw new ConfigError('GEO_DATA_DIR', `has no uk-outcodes.csv: ${geoDataDir}`);
  return {
    platform,
    googleMapsApiKey: r.optionalString('GOOGLE_MAPS_API_KEY'),
    googleMapsBaseUrl: r.url('GOOGLE_MAPS_BASE_URL', 'https://maps.googleapis.com'),
    googleTimeoutMs: r.int('GOOGLE_MAPS_TIMEOUT_MS', 5000, { min: 100, max: 60_000 }),
    geoDataDir,
    // Embedded mode is the demo: it gets demo drivers unless told otherwise.
    seedDemoDrivers: r.bool('SEED_DEMO_DRIVERS', platform.store === 'embedded'),
    jwt: isEmbeddedPlatform(platform) && r.optionalString('JWT_SECRET') === undefined ? null : readJwtConfig(env),
    jobResponseMinutes: r.int('JOB_RESPONSE_MINUTES', 120, { min: 5, max: 7 * 24 * 60 }),
    driverCardsPollMs: r.int('DRIVER_CARDS_POLL_MS', 2_000, { min: 100, max: 30_000 }),
    ...(telephonyUrl && telephonyKey ? { telephony: { providerUrl: telephonyUrl, apiKey: telephonyKey } } : {}),
  };
}
