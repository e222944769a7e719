import {
  ConfigError,
  DEFAULT_PORTS,
  EnvReader,
  isEmbeddedPlatform,
  readJwtConfig,
  readLinkSecret,
  readPlatformConfig,
  type LinkSecret,
  readServiceUrls,
  type Env,
  type JwtConfig,
  type PlatformConfig,
  type ServiceUrls,
} from '@vanhop/platform';
import { newPasswordProblem } from '@vanhop/contracts';
import type { ScryptParams } from './adapters/scrypt-password-hasher.js';

export interface RateLimitSetting {
  limit: number;
  windowSeconds: number;
}

export interface AdminAuthConfig {
  platform: PlatformConfig;
  serviceUrls: ServiceUrls;
  jwt: JwtConfig;
  /** The code staff must give to create an account (embedded mode generates and prints one). */
  signupCode: string;
  loginPerClient: RateLimitSetting;
  loginPerUsername: RateLimitSetting;
  registerPerClient: RateLimitSetting;
  /** Signs the drivers' one-use invitation links (DRIVER_INVITE_LINK_SECRET). */
  driverInviteLink: LinkSecret;
  /** How long an invitation link works (DRIVER_INVITE_DAYS, default 7). */
  driverInviteDays: number;
  /** How long a driver's device stays signed in unused (DRIVER_SESSION_DAYS, default 30): each refresh moves it on. */
  driverSessionDays: number;
  /** A driver access token's lifetime (DRIVER_ACCESS_TOKEN_SECONDS, default 900, at most JWT_TTL_SECONDS): the portal renews it before then. */
  driverAccessSeconds: number;
  /**
   * DEMO_DRIVER_PASSWORD: the seeded demo drivers' portal password, embedded mode only (`npm start`
   * sets it; refused with the distributed store). Unset: no demo accounts are opened.
   */
  demoDriverPassword: string | null;
  /**
   * SEED_DEMO_DRIVERS, read as fleet reads it (default: with the embedded store): whether the demo
   * drivers exist, so that admin-auth opens their accounts at start with the demo password.
   */
  seedDemoDrivers: boolean;
  /** Only tests set this (cheaper scrypt); it is deliberately not read from the environment. */
  passwordHashing?: ScryptParams;
}

/** The limits the public account routes (staff and driver sign-in, sign-up, invitation links) take. */
export type AccountLimits = Pick<AdminAuthConfig, 'loginPerClient' | 'loginPerUsername' | 'registerPerClient'>;

/** Short codes could be guessed within the register rate limit's lifetime. */
export const MIN_SIGNUP_CODE_LENGTH = 8;

export function loadConfig(env: Env): AdminAuthConfig {
  const r = new EnvReader(env);
  const signupCode = r.string('ADMIN_SIGNUP_CODE');
  if (signupCode.length < MIN_SIGNUP_CODE_LENGTH)
    throw new ConfigError('ADMIN_SIGNUP_CODE', `must be at least ${MIN_SIGNUP_CODE_LENGTH} characters`);
  const loginWindow = r.int('LOGIN_RATE_WINDOW_SECONDS', 900, { min: 1, max: 86_400 });
  const platform = readPlatformConfig(env, 'admin-auth', DEFAULT_PORTS['admin-auth']);
  const jwt = readJwtConfig(env);
  const demoDriverPassword = r.optionalString('DEMO_DRIVER_PASSWORD') ?? null;
  if (demoDriverPassword !== null && !isEmbeddedPlatform(platform))
    throw new ConfigError('DEMO_DRIVER_PASSWORD', 'is for the embedded demo only: unset it in distributed mode');
  const weakDemo = demoDriverPassword === null ? null : newPasswordProblem(demoDriverPassword);
  if (weakDemo) throw new ConfigError('DEMO_DRIVER_PASSWORD', weakDemo);
  return {
    demoDriverPassword,
    seedDemoDrivers: r.bool('SEED_DEMO_DRIVERS', platform.store === 'embedded'),
    platform,
    serviceUrls: readServiceUrls(env),
    jwt,
    driverInviteLink: readLinkSecret(r, 'DRIVER_INVITE_LINK_SECRET', platform, [
      { name: 'JWT_SECRET', value: jwt.secret },
    ]),
    driverInviteDays: r.int('DRIVER_INVITE_DAYS', 7, { min: 1, max: 30 }),
    driverSessionDays: r.int('DRIVER_SESSION_DAYS', 30, { min: 1, max: 365 }),
    driverAccessSeconds: r.int('DRIVER_ACCESS_TOKEN_SECONDS', 900, { min: 60, max: 86_400 }),
    signupCode,
    loginPerClient: { limit: r.int('LOGIN_RATE_LIMIT_PER_CLIENT', 20, { min: 1 }), windowSeconds: loginWindow },
    loginPerUsername: { limit: r.int('LOGIN_RATE_LIMIT_PER_USERNAME', 10, { min: 1 }), windowSeconds: loginWindow },
    registerPerClient: { limit: r.int('REGISTER_RATE_LIMIT_PER_CLIENT', 10, { min: 1 }), windowSeconds: 3600 },
  };
}
