import type { Express, Request, RequestHandler } from 'express';
import {
  confirmConversationEmailSchema,
  postMessageSchema,
  startDriverConversationSchema,
  startSupportConversationSchema,
} from '@vanhop/contracts';
import { rateLimit, route, validated, type Cache } from '@vanhop/platform';
import type { Conversations } from '../app/conversation-use-cases.js';

export interface ConversationRouteDeps {
  conversations: Conversations;
  cache: Cache;
  perClientPerHour: number;
  perThreadPerHour: number;
}

/** Polling a thread every few seconds is expected; this only stops a runaway client. */
const READS_PER_MINUTE = 120;

const LIMITED = 'Too many messages, please wait a little before sending another.';

const driverStart = validated(startDriverConversationSchema, 'body', { what: 'Message' });
const supportStart = validated(startSupportConversationSchema, 'body', { what: 'Message' });
const message = validated(postMessageSchema, 'body', { what: 'Message' });
const emailConfirmation = validated(confirmConversationEmailSchema, 'body', { what: 'Confirmation' });

/**
 * The customer's and the driver's side of conversations. Signed links are the only credentials:
 * a forged, expired or unknown one answers 404 without saying which. Posting is limited per client
 * (all threads) and per thread and side, so neither a script nor one chatty thread floods anyone's inbox.
 */
export function conversationRoutes(app: Express, deps: ConversationRouteDeps): void {
  const { conversations } = deps;
  const perClient = rateLimit(deps.cache, {
    name: 'conversation-post',
    limit: deps.perClientPerHour,
    windowSeconds: 3600,
    message: LIMITED,
  });
  const perThread = (side: 'customer' | 'driver', threadOf: (req: Request) => string | null): RequestHandler =>
    rateLimit(deps.cache, {
      name: `conversation-thread-${side}`,
      limit: deps.perThreadPerHour,
      windowSeconds: 3600,
      message: LIMITED,
      // An invalid link is not counted: the handler answers 404 for it.
      key: (req) => threadOf(req) ?? undefined,
    });
  const reads = rateLimit(deps.cache, { name: 'conversation-read', limit: READS_PER_MINUTE, windowSeconds: 60 });
  const noStore: RequestHandler = (_req, res, next) => {
    // Private messages: never kept by a shared cache or the browser's.
    res.set('Cache-Control', 'no-store');
    next();
  };
  const correlation = (req: Request) => req.id as string | undefined;

  app.post(
    '/api/conversations/driver',
    perClient,
    noStore,
    driverStart,
    route(async (req, res) => {
      const start = driverStart.of(res);
      res.status(201).json(await conversations.startWithDriver(start, correlation(req)));
    }),
  );

  app.post(
    '/api/conversations/support',
    perClient,
    noStore,
    supportStart,
    route(async (req, res) => {
      const start = supportStart.of(res);
      res.status(201).json(await conversations.startSupport(start, correlation(req)));
    }),
  );

  /** Each side of a thread reads and posts through its own signed link, with the same limits. */
  const threadRoutes = (
    side: 'customer' | 'driver',
    base: string,
    thread: {
      read(token: string): Promise<unknown>;
      post(token: string, body: string, correlationId?: string): Promise<unknown>;
      id(token: string): string | null;
    },
  ) => {
    app.get(
      base,
      reads,
      noStore,
      route(async (req, res) => {
        res.json(await thread.read(String(req.params.token)));
      }),
    );
    app.post(
      `${base}/messages`,
      perClient,
      perThread(side, (req) => thread.id(String(req.params.token))),
      noStore,
      message,
      route(async (req, res) => {
        const { body } = message.of(res);
        res.status(201).json(await thread.post(String(req.params.token), body, correlation(req)));
      }),
    );
  };
  // The one-time link mailed to an unproved address: opening the thread page with it proves the address.
  app.post(
    '/api/conversations/:token/email-confirmation',
    reads,
    noStore,
    emailConfirmation,
    route(async (req, res) => {
      const { confirmation } = emailConfirmation.of(res);
      res.json(await conversations.confirmEmail(String(req.params.token), confirmation));
    }),
  );

  threadRoutes('customer', '/api/conversations/:token', {
    read: (t) => conversations.forCustomer(t),
    post: (t, body, c) => conversations.postAsCustomer(t, body, c),
    id: (t) => conversations.customerThreadId(t),
  });
  threadRoutes('driver', '/api/driver-reply/:token', {
    read: (t) => conversations.forDriver(t),
    post: (t, body, c) => conversations.postAsDriver(t, body, c),
    id: (t) => conversations.driverThreadId(t),
  });
}
