import type { Express, RequestHandler } from 'express';
import { driverLoginSchema, driverPasswordSchema } from '@vanhop/contracts';
import {
  rateLimit,
  route,
  signedInDriver,
  signedInStaff,
  validate,
  ValidationError,
  type Cache,
} from '@vanhop/platform';
import type { AccountLimits } from '../config.js';
import type { DriverAccounts } from '../app/driver-accounts.js';
import { driverEmailKey } from '../domain/driver-account.js';
import { loginErrors } from './error-shapes.js';
import { signInRoute } from './sign-in-route.js';
import { requireTextFields } from './text-fields.js';

export interface DriverAccountRouteDeps {
  accounts: DriverAccounts;
  cache: Cache;
  staffOnly: RequestHandler;
  driverOnly: RequestHandler;
  limits: AccountLimits;
}

const DRIVER_ID = /^drv-[\w-]{1,60}$/;
/** A link token's shape (LinkSigner's `v1.…`); anything else is refused before any work. */
const LINK_TOKEN = /^v1\.[\w-]{1,400}\.[0-9a-z]{1,11}\.[\w-]{22}$/;

const linkToken = (v: unknown): string => {
  if (typeof v !== 'string' || !LINK_TOKEN.test(v))
    throw new ValidationError('Invalid invitation link', { token: 'Invalid invitation link' });
  return v;
};

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
    run: async (body) => deps.accounts.login(await validate(driverLoginSchema, body, 'Login')),
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
    route(async (req, res) =>
      res.set('Cache-Control', 'no-store').json(await deps.accounts.preview(linkToken(req.params.token))),
    ),
    loginErrors,
  );

  app.post(
    `${base}/welcome/:token`,
    linkLimit,
    route(async (req, res) => {
      const token = linkToken(req.params.token);
      requireTextFields(req.body, ['password', 'password1']);
      const input = await validate(driverPasswordSchema, req.body, 'Password');
      res.json(await deps.accounts.setPassword(token, input));
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
    route(async (req, res) => {
      const id = req.params.driverId;
      if (typeof id !== 'string' || !DRIVER_ID.test(id))
        throw new ValidationError('Invalid driver id', { driverId: 'Invalid driver id' });
      res.status(202).json(await deps.accounts.invite(id, signedInStaff(res).username));
    }),
  );
}
