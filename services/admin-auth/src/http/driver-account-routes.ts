import type { Express, RequestHandler } from 'express';
import {
  driverInviteParamsSchema,
  driverLoginSchema,
  driverPasswordSchema,
  driverWelcomeParamsSchema,
} from '@vanhop/contracts';
import { input, rateLimit, route, signedInDriver, signedInStaff, validated, type Cache } from '@vanhop/platform';
import type { AccountLimits } from '../config.js';
import type { DriverAccounts } from '../app/driver-accounts.js';
import { driverEmailKey } from '../domain/driver-account.js';
import { loginErrors } from './error-shapes.js';
import { signInRoute } from './sign-in-route.js';
import { textFields } from './text-fields.js';

export interface DriverAccountRouteDeps {
  accounts: DriverAccounts;
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

/**
 * Driver portal accounts (`/api/driver-account/*`): sign-in and the invitation link are public
 * (rate limited like staff sign-in); `me` takes a driver token; the staff part (`/admin`) a staff
 * token, checked at the gateway and again here.
 */
export function driverAccountRoutes(app: Express, deps: DriverAccountRouteDeps): void {
  const { limits } = deps;
  const base = '/api/driver-account';

  signInRoute(app, `${base}/login`, deps, {
    counters: 'driver-login',
    name: { field: 'email', key: driverEmailKey, maxLength: 200 },
    body: validated(driverLoginSchema, 'body', { what: 'Login' }),
    run: (res) => deps.accounts.login(input(res, 'body', driverLoginSchema)),
  });

  // The token is the credential here: the same limit as guessing a sign-up code.
  const linkLimit = rateLimit(deps.cache, {
    name: 'driver-welcome',
    ...limits.registerPerClient,
    message: 'Too many attempts, please try again later.',
  });

  app.get(
    `${base}/welcome/:token`,
    linkLimit,
    byWelcomeToken,
    route(async (_req, res) =>
      res
        .set('Cache-Control', 'no-store')
        .json(await deps.accounts.preview(input(res, 'params', driverWelcomeParamsSchema).token)),
    ),
    loginErrors,
  );

  app.post(
    `${base}/welcome/:token`,
    linkLimit,
    byWelcomeToken,
    textFields(['password', 'password1']),
    validated(driverPasswordSchema, 'body', { what: 'Password' }),
    route(async (_req, res) => {
      const { token } = input(res, 'params', driverWelcomeParamsSchema);
      res.json(await deps.accounts.setPassword(token, input(res, 'body', driverPasswordSchema)));
    }),
    loginErrors,
  );

  app.get(
    `${base}/me`,
    deps.driverOnly,
    route(async (_req, res) =>
      res.set('Cache-Control', 'no-store').json(await deps.accounts.me(signedInDriver(res).sub)),
    ),
    loginErrors,
  );

  app.get(
    `${base}/admin/accounts`,
    deps.staffOnly,
    route(async (_req, res) => res.json(await deps.accounts.list())),
  );

  app.post(
    `${base}/admin/invite/:driverId`,
    deps.staffOnly,
    byInvitedDriver,
    route(async (_req, res) => {
      const { driverId } = input(res, 'params', driverInviteParamsSchema);
      res.status(202).json(await deps.accounts.invite(driverId, signedInStaff(res).username));
    }),
  );
}
