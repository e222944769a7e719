import type { Express, Request, RequestHandler, Response } from 'express';
import { rateLimit, route, type Cache } from '@vanhop/platform';
import type { AccountLimits } from '../config.js';
import { loginErrors } from './error-shapes.js';
import { textFields } from './text-fields.js';

const TOO_MANY_LOGINS = 'Too many login attempts, please try again later.';

/** The name an account signs in with (beside `password`), as the per-name counter keys it. */
export interface SignInName {
  /** The body field that holds it. */
  field: string;
  /** The account's own key for it, so "Sam" and "sam " share one counter. */
  key: (value: string) => string;
  /** Caps the counter key, so an arbitrarily long value cannot make an arbitrarily long cache key. */
  maxLength: number;
}

export interface SignInRoute {
  /** Names the counters (`<counters>-client`, `<counters>-user`): staff and drivers count apart. */
  counters: string;
  name: SignInName;
  /** `validated(schema, 'body')` with the sign-in's contracts schema; `run` reads it with `body.of(res)`. */
  body: RequestHandler;
  /** Runs the sign-in use case on the body `body` let through. */
  run: (res: Response) => Promise<object>;
}

/**
 * A public sign-in route (staff and drivers), limited per client, so one address cannot try many
 * names, and per name, so many addresses cannot take turns at one account's password. Errors are
 * answered in the login screens' `{success:false, message}` shape.
 */
export function signInRoute(
  app: Express,
  path: string,
  deps: { cache: Cache; limits: Pick<AccountLimits, 'loginPerClient' | 'loginPerUsername'> },
  { counters, name, body, run }: SignInRoute,
): void {
  const attempted = (req: Request): string | undefined => {
    const v = (req.body as Record<string, unknown> | undefined)?.[name.field];
    return typeof v === 'string' && v.trim() ? name.key(v).slice(0, name.maxLength) : undefined;
  };
  app.post(
    path,
    rateLimit(deps.cache, { name: `${counters}-client`, ...deps.limits.loginPerClient, message: TOO_MANY_LOGINS }),
    rateLimit(deps.cache, {
      name: `${counters}-user`,
      ...deps.limits.loginPerUsername,
      key: attempted,
      message: TOO_MANY_LOGINS,
    }),
    textFields([name.field, 'password']),
    body,
    route(async (_req, res) => {
      res.json(await run(res));
    }),
    loginErrors,
  );
}
