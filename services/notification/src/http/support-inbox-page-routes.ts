import type { Express, RequestHandler } from 'express';
import { staffChatPageQuerySchema } from '@vanhop/contracts';
import { input, route, validated } from '@vanhop/platform';
import type { SupportInboxPages } from '../app/support-inbox-pages.js';

/**
 * GET /api/support/admin/conversations/page: the staff inbox a page at a time (`{items, pageSize,
 * next}`). Registered before `/conversations/:id`, which would take `page` for a chat id.
 */
export function supportInboxPageRoutes(
  app: Express,
  deps: { pages: SupportInboxPages; staffOnly: RequestHandler },
): void {
  app.get(
    '/api/support/admin/conversations/page',
    deps.staffOnly,
    (_req, res, next) => {
      res.set('Cache-Control', 'no-store');
      next();
    },
    validated(staffChatPageQuerySchema, 'query'),
    route(async (_req, res) => {
      res.json(await deps.pages.page(input(res, 'query', staffChatPageQuerySchema)));
    }),
  );
}
