/** Staff identity for tests of services that verify staff tokens themselves. */
import { issueAdminToken, issueDriverToken, readJwtConfig, type Clock } from '@vanhop/platform';

/** The JWT settings a test service is started with (spread into its env). */
export const TEST_JWT_ENV = { JWT_SECRET: 'test-only-staff-token-secret-0123456789-abcdef' } as const;

/**
 * `Authorization` header of a real staff token, signed as admin-auth would sign it. Pass the
 * service's clock when it is pinned: a token issued "in the future" of that clock is refused.
 */
export function staffAuth(
  username = 'Sam_Admin',
  options: { env?: Record<string, string>; clock?: Clock } = {},
): { authorization: string } {
  const config = readJwtConfig(options.env ?? TEST_JWT_ENV);
  return { authorization: `Bearer ${issueAdminToken({ sub: `admin-${username}`, username }, config, options.clock)}` };
}

/**
 * `Authorization` header of a real driver-portal token (same key as staff tokens): what every
 * staff route must refuse and every driver route must accept for that driver only.
 */
export function driverAuth(
  driverId = 'driver-1',
  options: { env?: Record<string, string>; clock?: Clock; email?: string } = {},
): { authorization: string } {
  const config = readJwtConfig(options.env ?? TEST_JWT_ENV);
  return {
    authorization: `Bearer ${issueDriverToken({ sub: driverId, username: options.email ?? `${driverId}@drivers.example` }, config, options.clock)}`,
  };
}
