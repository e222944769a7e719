import type { Cache } from '@vanhop/platform';
import type { GeoPort } from '../domain/geo-port.js';
import type { QuoteConfig } from '../config.js';
import { EmbeddedGeo } from './embedded-geo.js';
import { loadGeoTable, locateGeoDataDir } from './geo-data.js';
import { GoogleGeo } from './google-geo.js';
import { CachingGeo } from './caching-geo.js';

/** The offline table always loads (it also serves autocomplete and districts); Google takes over geocoding and routes when keyed. */
export function createGeo(config: QuoteConfig, cache: Cache): { geo: GeoPort; embedded: EmbeddedGeo } {
  const embedded = new EmbeddedGeo(loadGeoTable(config.geoDataDir ?? locateGeoDataDir()));
  if (!config.googleMapsApiKey) return { geo: embedded, embedded };
  const google = new GoogleGeo({
    apiKey: config.googleMapsApiKey,
    baseUrl: config.googleMapsBaseUrl,
    timeoutMs: config.googleTimeoutMs,
    offline: embedded,
  });
  return { geo: new CachingGeo(google, cache), embedded };
}
