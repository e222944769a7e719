import type { Express, RequestHandler, Response } from 'express';
import { chatIdParamsSchema, postMessageSchema, supportInboxQuerySchema } from '@vanhop/contracts';
import { route, signedInStaff, validated } from '@vanhop/platform';
import type { Conversations } from '../app/conversation-use-cases.js';

const byChatId = validated(chatIdParamsSchema, 'params', {
  invalid: { message: 'Invalid chat id', fields: { id: 'Invalid chat id' } },
});
const chatId = (res: Response): string => byChatId.of(res).id;

const inboxQuery = validated(supportInboxQuerySchema, 'query', { what: 'Query' });
const message = validated(postMessageSchema, 'body', { what: 'Message' });

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
    inboxQuery,
    route(async (_req, res) => {
      const { booking } = inboxQuery.of(res);
      res.json(await (booking ? deps.conversations.supportChatsOf(booking) : deps.conversations.supportInbox()));
    }),
  );

  app.get(
    '/api/support/admin/conversations/:id',
    deps.staffOnly,
    noStore,
    byChatId,
    route(async (_req, res) => {
      res.json(await deps.conversations.supportChat(chatId(res)));
    }),
  );

  app.post(
    '/api/support/admin/conversations/:id/messages',
    deps.staffOnly,
    noStore,
    byChatId,
    message,
    route(async (req, res) => {
      const id = chatId(res);
      const { body } = message.of(res);
      res
        .status(201)
        .json(
          await deps.conversations.postAsStaff(id, signedInStaff(res).username, body, req.id as string | undefined),
        );
    }),
  );
}
