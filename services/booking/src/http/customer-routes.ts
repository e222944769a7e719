import type { Express, RequestHandler, Response } from 'express';
import {
  CUSTOMER_ACCOUNT_MSG,
  CUSTOMER_LINK_REQUESTS_PER_HOUR,
  customerEmailKey,
  customerLinkRequestSchema,
  customerSessionRequestSchema,
  myMovesQuerySchema,
  type CustomerLinkAnswer,
} from '@vanhop/contracts';
import { rateLimit, route, validated, type Cache } from '@vanhop/platform';
import type { CustomerIdentity, CustomerSignIn } from '../app/customer-sign-in.js';
import type { MyMoves } from '../app/my-moves.js';

export interface CustomerRouteDeps {
  signIn: CustomerSignIn;
  moves: MyMoves;
  cache: Cache;
  /** Link requests and redemptions per client per minute. */
  perMinute: number;
}

const signedIn = (res: Response): CustomerIdentity => res.locals.customer as CustomerIdentity;

const linkRequest = validated(customerLinkRequestSchema, 'body', { what: 'Sign-in link request' });
const sessionRequest = validated(customerSessionRequestSchema, 'body', {
  invalid: { message: CUSTOMER_ACCOUNT_MSG.linkExpired, fields: { token: CUSTOMER_ACCOUNT_MSG.linkExpired } },
});
const movesQuery = validated(myMovesQuerySchema, 'query');

/**
 * The customer's account (/api/customer/*): ask for a sign-in link, redeem it for a session, and the
 * signed-in "My moves". A session is a bearer token; every answer is no-store.
 */
export function customerRoutes(app: Express, deps: CustomerRouteDeps): void {
  const perClient = (name: string) => rateLimit(deps.cache, { name, limit: deps.perMinute, windowSeconds: 60 });
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };
  const customer: RequestHandler = route(async (req, res, next) => {
    res.locals.customer = await deps.signIn.authenticate(req.headers.authorization);
    next();
  });

  app.post(
    '/api/customer/link',
    perClient('customer-link'),
    noStore,
    linkRequest,
    // Per address too (after validation, so the key is the address), whoever asks: a mailbox is not flooded.
    rateLimit(deps.cache, {
      name: 'customer-link-email',
      limit: CUSTOMER_LINK_REQUESTS_PER_HOUR,
      windowSeconds: 3600,
      key: (req) => customerEmailKey(String((req.body as { email?: unknown }).email ?? '')),
    }),
    route(async (_req, res) => {
      await deps.signIn.request(linkRequest.of(res).email);
      const answer: CustomerLinkAnswer = { message: CUSTOMER_ACCOUNT_MSG.linkSent };
      res.status(202).json(answer);
    }),
  );

  app.post(
    '/api/customer/session',
    perClient('customer-session'),
    noStore,
    sessionRequest,
    route(async (_req, res) => {
      res.status(201).json(await deps.signIn.redeem(sessionRequest.of(res).token));
    }),
  );

  app.post(
    '/api/customer/sign-out',
    noStore,
    customer,
    route(async (_req, res) => {
      await deps.signIn.signOut(signedIn(res));
      res.status(204).end();
    }),
  );

  app.post(
    '/api/customer/sign-out-everywhere',
    noStore,
    customer,
    route(async (_req, res) => {
      await deps.signIn.signOutEverywhere(signedIn(res));
      res.status(204).end();
    }),
  );

  app.get(
    '/api/customer/moves',
    noStore,
    customer,
    movesQuery,
    route(async (_req, res) => {
      res.json(await deps.moves.page(signedIn(res), movesQuery.of(res).page));
    }),
  );

  app.get(
    '/api/customer/moves/:ref',
    noStore,
    customer,
    route(async (req, res) => {
      res.json(await deps.moves.open(signedIn(res), String(req.params.ref)));
    }),
  );

  app.get(
    '/api/customer/moves/:ref/again',
    noStore,
    customer,
    route(async (req, res) => {
      res.json(await deps.moves.again(signedIn(res), String(req.params.ref)));
    }),
  );

  app.get(
    '/api/customer/addresses',
    noStore,
    customer,
    route(async (_req, res) => {
      res.json({ addresses: await deps.moves.addresses(signedIn(res)) });
    }),
  );
}
