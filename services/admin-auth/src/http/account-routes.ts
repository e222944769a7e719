import type { Express, Request } from 'express';
import { adminLoginSchema, adminRegisterSchema } from '@vanhop/contracts';
import { rateLimit, requireStaff, route, signedInStaff, validate, type Cache, type Clock, type JwtConfig } from '@vanhop/platform';
import type { RateLimitSetting } from '../config.js';
import type { RegisterAdmin } from '../app/register-admin.js';
import type { LoginAdmin } from '../app/login-admin.js';
import type { GetAdminProfile } from '../app/get-admin-profile.js';
import { adminNameKey } from '../domain/admin-account.js';
import { loginErrors, registerErrors } from './error-shapes.js';

import { requireTextFields } from './text-fields.js';

export interface AccountRouteDeps {
  register: RegisterAdmin;
  login: LoginAdmin;
  profile: GetAdminProfile;
  cache: Cache;
  jwt: JwtConfig;
  clock: Clock;
  limits: { loginPerClient: RateLimitSetting; loginPerUsername: RateLimitSetting; registerPerClient: RateLimitSetting };
}

const TOO_MANY_LOGINS = 'Too many login attempts, please try again later.';

/** The username a login attempt is for, normalised so "Sam" and "sam " share one counter. */
const attemptedUsername = (req: Request): string | undefined => {
  const u = (req.body as { username?: unknown } | undefined)?.username;
  return typeof u === 'string' && u.trim() ? adminNameKey(u).slice(0, 64) : undefined;
};

export function accountRoutes(app: Express, deps: AccountRouteDeps): void {
  const { limits } = deps;

  app.post(
    '/api/account/register',
    // The sign-up code is the only secret here: limit how fast anyone can guess it.
    rateLimit(deps.cache, { name: 'admin-register', ...limits.registerPerClient, message: 'Too many sign-up attempts, please try again later.' }),
    route(async (req, res) => {
      requireTextFields(req.body, ['name', 'password', 'password1', 'uniquecode']);
      const input = await validate(adminRegisterSchema, req.body, 'Registration');
      res.status(201).json(await deps.register.execute(input));
    }),
    registerErrors,
  );

  app.post(
    '/api/account/login',
    rateLimit(deps.cache, { name: 'admin-login-client', ...limits.loginPerClient, message: TOO_MANY_LOGINS }),
    rateLimit(deps.cache, { name: 'admin-login-user', ...limits.loginPerUsername, key: attemptedUsername, message: TOO_MANY_LOGINS }),
    route(async (req, res) => {
      requireTextFields(req.body, ['username', 'password']);
      const input = await validate(adminLoginSchema, req.body, 'Login');
      res.json(await deps.login.execute(input));
    }),
    loginErrors,
  );

  app.get(
    '/api/account/admindashboard',
    requireStaff(deps.jwt, deps.clock),
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.profile.execute(signedInStaff(res)));
    }),
    loginErrors,
  );
}
