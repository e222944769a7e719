import type { RequestHandler } from 'express';
import { ValidationError } from '@vanhop/platform';

export const FRAGMENT_REFUSED = 'Bad request target: a URL fragment (#) is never sent to the server';

/**
 * A request target carrying `#` is refused before anything routes on it. Browsers and HTTP clients
 * never send a fragment (a `#` in a path is written `%23`), and Express parses such a target
 * differently from the plain text before `?` (the path ends at `#`, and backslashes before it read
 * as slashes): `/api/reviews/admin#` would pass the gateway as a public route and reach the
 * service as its staff route. Refusing it keeps one reading of every path, the one checked.
 */
export const refuseFragments: RequestHandler = (req, _res, next) => {
  next(req.url.includes('#') ? new ValidationError(FRAGMENT_REFUSED) : undefined);
};
