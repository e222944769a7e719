import {
  ConfigError,
  DEFAULT_PORTS,
  EnvReader,
  readJwtConfig,
  readLinkSecret,
  readPlatformConfig,
  readServiceUrls,
  type Env,
  type JwtConfig,
  type LinkSecret,
  type PlatformConfig,
} from '@vanhop/platform';

export interface GooglePlacesConfig {
  key: string;
  placeId: string;
  /** https://maps.googleapis.com in production; a local server in tests. */
  baseUrl: string;
  timeoutMs: number;
}

export interface ReviewConfig {
  platform: PlatformConfig;
  /** Set only when both the key and the place id are configured; seeded reviews otherwise. */
  google?: GooglePlacesConfig;
  googlePlacesKey?: string;
  googlePlaceId?: string;
  /** How long a fetched list is served before Google is asked again. */
  reviewsCacheSeconds: number;
  /** How long the last good list is kept to serve while Google fails. */
  reviewsStaleSeconds: number;
  bookingServiceUrl: string;
  /** Staff tokens are verified here too, not only at the gateway (review requests, moderation). */
  jwt: JwtConfig;
  /** Signs the customers' review-page links (REVIEW_LINK_SECRET). */
  reviewLink: LinkSecret;
  /** Review submissions (valid or not) one client may send per hour. */
  submitRateLimitPerHour: number;
  /**
   * REVIEW_SWEEP_INTERVAL_MS: how often due automatic review requests are looked for (and once at
   * start-up). The schedule is in the store, so this only bounds how late a request goes; tests set
   * it short to wait for the state rather than a minute.
   */
  autoReviewSweepMs: number;
}

export function loadConfig(env: Env): ReviewConfig {
  const r = new EnvReader(env);
  const googlePlacesKey = r.optionalString('GOOGLE_PLACES_KEY');
  const googlePlaceId = r.optionalString('GOOGLE_PLACE_ID');
  if (googlePlacesKey && !googlePlaceId)
    throw new ConfigError('GOOGLE_PLACE_ID', 'is required when GOOGLE_PLACES_KEY is set');
  const baseUrl = r.url('GOOGLE_PLACES_BASE_URL', 'https://maps.googleapis.com');
  const timeoutMs = r.int('GOOGLE_PLACES_TIMEOUT_MS', 5000, { min: 100, max: 60_000 });
  const platform = readPlatformConfig(env, 'review', DEFAULT_PORTS.review);
  const jwt = readJwtConfig(env);
  return {
    platform,
    google:
      googlePlacesKey && googlePlaceId
        ? { key: googlePlacesKey, placeId: googlePlaceId, baseUrl, timeoutMs }
        : undefined,
    googlePlacesKey,
    googlePlaceId,
    reviewsCacheSeconds: r.int('REVIEWS_CACHE_SECONDS', 3600, { min: 1 }),
    reviewsStaleSeconds: r.int('REVIEWS_STALE_SECONDS', 7 * 24 * 3600, { min: 1 }),
    bookingServiceUrl: readServiceUrls(env).booking,
    jwt,
    reviewLink: readLinkSecret(r, 'REVIEW_LINK_SECRET', platform, [{ name: 'JWT_SECRET', value: jwt.secret }]),
    submitRateLimitPerHour: r.int('REVIEW_SUBMIT_RATE_LIMIT_PER_HOUR', 20, { min: 1 }),
    autoReviewSweepMs: r.int('REVIEW_SWEEP_INTERVAL_MS', 60_000, { min: 100, max: 3_600_000 }),
  };
}
