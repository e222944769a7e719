import {
  DEFAULT_PORTS,
  EnvReader,
  readJwtConfig,
  readLinkSecret,
  readPlatformConfig,
  readServiceUrls,
  type Env,
  type JwtConfig,
  type PlatformConfig,
} from '@vanhop/platform';

export interface BookingConfig {
  platform: PlatformConfig;
  /** The quote service, which prices every saved quote (QUOTE_SERVICE_URL). */
  quoteServiceUrl: string;
  /** The fleet service (FLEET_SERVICE_URL): the customer's choice of another driver and the van on the map. */
  fleetServiceUrl: string;
  quoteTimeoutMs: number;
  /** The payment service, which opens the checkout for a balance (PAYMENT_SERVICE_URL). */
  paymentServiceUrl: string;
  /** Retrieve-by-code (and save) requests per client per minute: codes must not be guessable by brute force. */
  retrieveRateLimitPerMinute: number;
  /** My move requests (page and actions) per client per minute. */
  myMoveRateLimitPerMinute: number;
  /** Signs the customer's My move links; `generated`: embedded mode without one (links die with the process). */
  myMoveLink: { secret: string; generated: boolean };
  /** Staff tokens are verified here too, not only at the gateway (admin routes). */
  jwt: JwtConfig;
}

export function loadConfig(env: Env): BookingConfig {
  const r = new EnvReader(env);
  const platform = readPlatformConfig(env, 'booking', DEFAULT_PORTS.booking);
  const urls = readServiceUrls(env);
  const jwt = readJwtConfig(env);
  return {
    platform,
    quoteServiceUrl: urls.quote,
    fleetServiceUrl: urls.fleet,
    quoteTimeoutMs: r.int('QUOTE_TIMEOUT_MS', 10_000, { min: 100, max: 120_000 }),
    paymentServiceUrl: urls.payment,
    retrieveRateLimitPerMinute: r.int('RETRIEVE_RATE_LIMIT_PER_MINUTE', 30, { min: 1, max: 100_000 }),
    myMoveRateLimitPerMinute: r.int('MY_MOVE_RATE_LIMIT_PER_MINUTE', 60, { min: 1, max: 100_000 }),
    myMoveLink: readMyMoveLinkSecret(r, platform, jwt),
    jwt,
  };
}

/**
 * The link secret is the customer's only credential for My move, so it is its own: never the staff
 * token key (one leak must not open both). Embedded mode (one machine, no real customers) may run
 * without one; `npm start` passes a persistent one so links survive restarts.
 */
const readMyMoveLinkSecret = (r: EnvReader, platform: PlatformConfig, jwt: JwtConfig): BookingConfig['myMoveLink'] =>
  readLinkSecret(r, 'MY_MOVE_LINK_SECRET', platform, [{ name: 'JWT_SECRET', value: jwt.secret }]);
