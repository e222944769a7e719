import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  ConfigError,
  EnvReader,
  readPlatformConfig,
  DEFAULT_PORTS,
  type Env,
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
  /**
   * DRIVER_CARDS_POLL_MS: how often pricing's copy of the cards asks the supply read model for
   * cards another replica applied: how long such a change may go unpriced here.
   */
  driverCardsPollMs: number;
}

export function loadConfig(env: Env): QuoteConfig {
  const r = new EnvReader(env);
  const platform = readPlatformConfig(env, 'quote', DEFAULT_PORTS.quote);
  const geoDataDir = r.optionalString('GEO_DATA_DIR');
  if (geoDataDir && !existsSync(path.join(geoDataDir, 'uk-outcodes.csv')))
    throw new ConfigError('GEO_DATA_DIR', `has no uk-outcodes.csv: ${geoDataDir}`);
  return {
    platform,
    googleMapsApiKey: r.optionalString('GOOGLE_MAPS_API_KEY'),
    googleMapsBaseUrl: r.url('GOOGLE_MAPS_BASE_URL', 'https://maps.googleapis.com'),
    googleTimeoutMs: r.int('GOOGLE_MAPS_TIMEOUT_MS', 5000, { min: 100, max: 60_000 }),
    geoDataDir,
    driverCardsPollMs: r.int('DRIVER_CARDS_POLL_MS', 2_000, { min: 100, max: 30_000 }),
  };
}
