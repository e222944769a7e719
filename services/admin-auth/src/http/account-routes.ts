import type { Express } from 'express';
import { adminLoginSchema, adminRegisterSchema } from '@vanhop/contracts';
import {
  rateLimit,
  requireStaff,
  route,
  signedInStaff,
  validated,
  type Cache,
  type Clock,
  type JwtConfig,
} from '@vanhop/platform';
import type { AccountLimits } from '../config.js';
import type { RegisterAdmin } from '../app/register-admin.js';
import type { LoginAdmin } from '../app/login-admin.js';
import type { GetAdminProfile } from '../app/get-admin-profile.js';
import { adminNameKey } from '../domain/admin-account.js';
import { loginErrors, registerErrors } from './error-shapes.js';
import { signInRoute } from './sign-in-route.js';
import { textFields } from './text-fields.js';

export interface AccountRouteDeps {
  register: RegisterAdmin;
  login: LoginAdmin;
  profile: GetAdminProfile;
  cache: Cache;
  jwt: JwtConfig;
  clock: Clock;
  limits: AccountLimits;
}

const registration = validated(adminRegisterSchema, 'body', { what: 'Registration' });
const login = validated(adminLoginSchema, 'body', { what: 'Login' });

export function accountRoutes(app: Express, deps: AccountRouteDeps): void {
  const { limits } = deps;

  app.post(
    '/api/account/register',
    // The sign-up code is the only secret here: limit how fast anyone can guess it.
    rateLimit(deps.cache, {
      name: 'admin-register',
      ...limits.registerPerClient,
      message: 'Too many sign-up attempts, please try again later.',
    }),
    textFields(['name', 'password', 'password1', 'uniquecode']),
    registration,
    route(async (_req, res) => {
      res.status(201).json(await deps.register.execute(registration.of(res)));
    }),
    registerErrors,
  );

  signInRoute(app, '/api/account/login', deps, {
    counters: 'admin-login',
    name: { field: 'username', key: adminNameKey, maxLength: 64 },
    body: login,
    run: (res) => deps.login.execute(login.of(res)),
  });

  app.get(
    '/api/account/admindashboard',
    requireStaff(deps.jwt, deps.clock),
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.profile.execute(signedInStaff(res)));
    }),
    loginErrors,
  );
}
