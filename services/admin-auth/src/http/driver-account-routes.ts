import type { Express, RequestHandler, Response } from 'express';
import {
  DRIVER_SESSION_MSG,
  type DriverLoginResponse,
  driverInviteParamsSchema,
  driverLoginSchema,
  driverPasswordSchema,
  driverWelcomeParamsSchema,
  staffDriverIdsOf,
  staffDriverIdsQuerySchema,
} from '@vanhop/contracts';
import {
  NotFoundError,
  rateLimit,
  route,
  signedInDriver,
  signedInStaff,
  systemClock,
  UnauthorizedError,
  validated,
  type Cache,
  type Clock,
} from '@vanhop/platform';
import type { AccountLimits } from '../config.js';
import type { DriverAccounts } from '../app/driver-accounts.js';
import type { DriverSessions } from '../app/driver-sessions.js';
import { clearSessionCookie, sessionCookieOf, setSessionCookie } from './driver-session-cookie.js';
import { driverEmailKey } from '../domain/driver-account.js';
import { loginErrors } from './error-shapes.js';
import { signInRoute } from './sign-in-route.js';
import { textFields } from './text-fields.js';

export interface DriverAccountRouteDeps {
  accounts: DriverAccounts;
  /** Device sessions (refresh cookie); without them sign-in answers the access token only. */
  sessions?: DriverSessions;
  clock?: Clock;
  cache: Cache;
  staffOnly: RequestHandler;
  driverOnly: RequestHandler;
  limits: AccountLimits;
}

const INVALID_LINK = 'Invalid invitation link';
const byWelcomeToken = validated(driverWelcomeParamsSchema, 'params', {
  invalid: { message: INVALID_LINK, fields: { token: INVALID_LINK } },
});
const byInvitedDriver = validated(driverInviteParamsSchema, 'params', {
  invalid: { message: 'Invalid driver id', fields: { driverId: 'Invalid driver id' } },
});
const BASE = '/api/driver-account';
const login = validated(driverLoginSchema, 'body', { what: 'Login' });
const newPassword = validated(driverPasswordSchema, 'body', { what: 'Password' });
// The staff drivers list asks for its page's drivers (?ids=a,b); without it, every account.
const staffDriverIds = validated(staffDriverIdsQuerySchema, 'query');

/**
 * Driver portal accounts (`/api/driver-account/*`): sign-in and the invitation link are public
 * (rate limited like staff sign-in); `me` takes a driver token; the staff part (`/admin`) a staff
 * token, checked at the gateway and again here.
 */
export function driverAccountRoutes(app: Express, deps: DriverAccountRouteDeps): void {
  const startDevice = deviceStarter(deps);
  signInRoute(app, `${BASE}/login`, deps, {
    counters: 'driver-login',
    name: { field: 'email', key: driverEmailKey, maxLength: 200 },
    body: login,
    run: async (res) => startDevice(res, await deps.accounts.login(login.of(res))),
  });

  deviceSessionRoutes(app, deps);
  welcomeRoutes(app, deps, startDevice);

  app.get(
    `${BASE}/me`,
    deps.driverOnly,
    route(async (_req, res) =>
      res.set('Cache-Control', 'no-store').json(await deps.accounts.me(signedInDriver(res).sub)),
    ),
    loginErrors,
  );

  staffRoutes(app, deps);
}

type StartDevice = (res: Response, answer: DriverLoginResponse) => Promise<DriverLoginResponse>;

/** A signed-in driver's device gets its session cookie beside the access token. */
function deviceStarter(deps: DriverAccountRouteDeps): StartDevice {
  return async (res, answer) => {
    if (!deps.sessions) return answer;
    const req = res.req;
    const cookie = await deps.sessions.start(answer.driver.id, req.get('user-agent') ?? '');
    setSessionCookie(req, res, cookie, (deps.clock ?? systemClock).now());
    return answer;
  };
}

/** A device's session cookie: refreshed for a new access token, or ended. */
function deviceSessionRoutes(app: Express, deps: DriverAccountRouteDeps): void {
  const now = () => (deps.clock ?? systemClock).now();
  // The refresh cookie for a new access token (and a new cookie: the one sent is spent). No cookie,
  // a spent or revoked one, or a suspended driver: 401, and the cookie is cleared.
  app.post(
    `${BASE}/session/refresh`,
    route(async (req, res) => {
      if (!deps.sessions) throw new UnauthorizedError(DRIVER_SESSION_MSG.ended);
      try {
        const { answer, cookie } = await deps.sessions.refresh(sessionCookieOf(req));
        setSessionCookie(req, res, cookie, now());
        res.set('Cache-Control', 'no-store').json(answer);
      } catch (err) {
        clearSessionCookie(req, res);
        throw err;
      }
    }),
  );

  app.post(
    `${BASE}/session/logout`,
    route(async (req, res) => {
      await deps.sessions?.signOut(sessionCookieOf(req));
      clearSessionCookie(req, res);
      res.json({ success: true, message: DRIVER_SESSION_MSG.signedOut });
    }),
  );
}

/** The invitation link: what it is for, then the driver's first password (and a signed-in device). */
function welcomeRoutes(app: Express, deps: DriverAccountRouteDeps, startDevice: StartDevice): void {
  // The token is the credential here: the same limit as guessing a sign-up code.
  const linkLimit = rateLimit(deps.cache, {
    name: 'driver-welcome',
    ...deps.limits.registerPerClient,
    message: 'Too many attempts, please try again later.',
  });

  app.get(
    `${BASE}/welcome/:token`,
    linkLimit,
    byWelcomeToken,
    route(async (_req, res) =>
      res.set('Cache-Control', 'no-store').json(await deps.accounts.preview(byWelcomeToken.of(res).token)),
    ),
    loginErrors,
  );

  app.post(
    `${BASE}/welcome/:token`,
    linkLimit,
    byWelcomeToken,
    textFields(['password', 'password1']),
    newPassword,
    route(async (_req, res) => {
      const { token } = byWelcomeToken.of(res);
      res.json(await startDevice(res, await deps.accounts.setPassword(token, newPassword.of(res))));
    }),
    loginErrors,
  );
}

/** The staff part: the accounts on a page of the drivers list, signing a driver out everywhere, inviting one. */
function staffRoutes(app: Express, deps: DriverAccountRouteDeps): void {
  app.get(
    `${BASE}/admin/accounts`,
    deps.staffOnly,
    staffDriverIds,
    route(async (_req, res) => res.json(await deps.accounts.list(staffDriverIdsOf(staffDriverIds.of(res))))),
  );

  // Staff sign a driver out on every device (a lost phone, a shared one): no refresh works after this.
  app.post(
    `${BASE}/admin/sessions/:driverId/revoke`,
    deps.staffOnly,
    byInvitedDriver,
    route(async (_req, res) => {
      const { driverId } = byInvitedDriver.of(res);
      if (!deps.sessions) throw new NotFoundError('Driver sessions are not kept here');
      res.json(await deps.sessions.revokeAll(driverId, 'staff'));
    }),
  );

  app.post(
    `${BASE}/admin/invite/:driverId`,
    deps.staffOnly,
    byInvitedDriver,
    route(async (_req, res) => {
      const { driverId } = byInvitedDriver.of(res);
      res.status(202).json(await deps.accounts.invite(driverId, signedInStaff(res).username));
    }),
  );
}
