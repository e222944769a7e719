import type { Express, RequestHandler } from 'express';
import { route } from '@vanhop/platform';
import type { ReadDevOutbox } from '../app/read-dev-outbox.js';

/**
 * Development only (mounted in embedded mode): lists the mail and texts the product "sent", and
 * serves each .eml so staff can open exactly what a customer would receive. Staff only: the mail
 * holds every customer's details and retrieve codes.
 */
export function devOutboxRoutes(app: Express, deps: { outbox: ReadDevOutbox; staffOnly: RequestHandler }): void {
  app.get(
    '/api/dev/outbox',
    deps.staffOnly,
    route(async (_req, res) => {
      res.json(await deps.outbox.list());
    }),
  );
  app.get(
    '/api/dev/outbox/:file',
    deps.staffOnly,
    route(async (req, res) => {
      const message = await deps.outbox.message(String(req.params.file));
      res.type('message/rfc822').setHeader('content-disposition', `inline; filename="${req.params.file}"`);
      res.send(message);
    }),
  );
}
