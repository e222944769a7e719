import type { Express, RequestHandler } from 'express';
import { postMessageSchema } from '@vanhop/contracts';
import { route, signedInStaff, validate, ValidationError } from '@vanhop/platform';
import type { Conversations } from '../app/conversation-use-cases.js';

const CHAT_ID = /^[\w-]{1,64}$/;

function chatId(value: unknown): string {
  if (typeof value !== 'string' || !CHAT_ID.test(value))
    throw new ValidationError('Invalid chat id', { id: 'Invalid chat id' });
  return value;
}

/**
 * The staff side of Instant Support (/api/support/admin/*). The gateway checks the staff token
 * first; `staffOnly` checks it again here, because services are reachable inside the cluster.
 */
export function conversationStaffRoutes(
  app: Express,
  deps: { conversations: Conversations; staffOnly: RequestHandler },
): void {
  const noStore: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  };

  app.get(
    '/api/support/admin/conversations',
    deps.staffOnly,
    noStore,
    route(async (_req, res) => {
      res.json(await deps.conversations.supportInbox());
    }),
  );

  app.get(
    '/api/support/admin/conversations/:id',
    deps.staffOnly,
    noStore,
    route(async (req, res) => {
      res.json(await deps.conversations.supportChat(chatId(req.params.id)));
    }),
  );

  app.post(
    '/api/support/admin/conversations/:id/messages',
    deps.staffOnly,
    noStore,
    route(async (req, res) => {
      const id = chatId(req.params.id);
      const { body } = await validate(postMessageSchema, req.body, 'Message');
      res
        .status(201)
        .json(
          await deps.conversations.postAsStaff(id, signedInStaff(res).username, body, req.id as string | undefined),
        );
    }),
  );
}
