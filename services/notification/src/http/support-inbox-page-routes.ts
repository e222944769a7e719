import type { Express, RequestHandler } from 'express';
import { staffChatPageQuerySchema } from '@vanhop/contracts';
import { route, validated } from '@vanhop/platform';
import type { SupportInboxPages } from '../app/support-inbox-pages.js';

const pageQuery = validated(staffChatPageQuerySchema, 'query');

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
    pageQuery,
    route(async (_req, res) => {
      res.json(await deps.pages.page(pageQuery.of(res)));
    }),
  );
}
