import type { Request, RequestHandler, Response } from 'express';

/** A header middleware whose work is done once: what it sets and removes on every response. */
interface HeaderPlan {
  set: [name: string, value: number | string | readonly string[]][];
  removed: string[];
}

/** Runs `middleware` once on a response that records, and a request that refuses to be read. */
function planOf(middleware: RequestHandler): HeaderPlan {
  const plan: HeaderPlan = { set: [], removed: [] };
  const request = new Proxy(
    {},
    {
      get: (_t, key) => {
        throw new Error(
          `fixedHeaders: the middleware reads the request (${String(key)}), so its headers are not fixed`,
        );
      },
    },
  ) as Request;
  const response = {
    setHeader(name: string, value: number | string | readonly string[]) {
      plan.set.push([name, value]);
      return response;
    },
    removeHeader(name: string) {
      plan.removed.push(name);
    },
  } as unknown as Response;
  let passed = false;
  middleware(request, response, (err?: unknown) => {
    if (err) throw err;
    passed = true;
  });
  if (!passed) throw new Error('fixedHeaders: the middleware did not pass the request on at once');
  return plan;
}

/**
 * The same headers as a middleware that sets headers independent of the request (helmet with static
 * directives), worked out once at start-up instead of by a dozen middleware calls per request. A
 * middleware that reads the request or answers it itself is refused at start-up.
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const { set, removed } = planOf(middleware);
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}
