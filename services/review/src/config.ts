import { EnvReader, readPlatformConfig, DEFAULT_PORTS, type Env, type PlatformConfig } from '@vanhop/platform';

export interface ReviewConfig {
  platform: PlatformConfig;
  googlePlacesKey?: string;
  googlePlaceId?: string;
  reviewsCacheSeconds: number;
}

export function loadConfig(env: Env): ReviewConfig {
  const r = new EnvReader(env);
  return {
    platform: readPlatformConfig(env, 'review', DEFAULT_PORTS.review),
    googlePlacesKey: r.optionalString('GOOGLE_PLACES_KEY'),
    googlePlaceId: r.optionalString('GOOGLE_PLACE_ID'),
    reviewsCacheSeconds: r.int('REVIEWS_CACHE_SECONDS', 3600, { min: 1 }),
  };
}
