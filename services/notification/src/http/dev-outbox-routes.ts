import type { Express, RequestHandler } from 'express';
import { NotFoundError, route } from '@vanhop/platform';
import type { OutboxFolder } from '../adapters/outbox-folder.js';

/**
 * Development only (mounted in embedded mode): lists the mail and texts the product "sent", and
 * serves each .eml so staff can open exactly what a customer would receive. Staff only: the mail
 * holds every customer's details and retrieve codes.
 */
export function devOutboxRoutes(app: Express, deps: { outbox: OutboxFolder; staffOnly: RequestHandler }): void {
  app.get(
    '/api/dev/outbox',
    deps.staffOnly,
    route(async (_req, res) => {
      const [mails, texts] = await Promise.all([deps.outbox.mails(), deps.outbox.texts()]);
      res.json({ mails, texts });
    }),
  );
  app.get(
    '/api/dev/outbox/:file',
    deps.staffOnly,
    route(async (req, res) => {
      const message = await deps.outbox.mail(String(req.params.file));
      if (!message) throw new NotFoundError('No such message in the outbox');
      res.type('message/rfc822').setHeader('content-disposition', `inline; filename="${req.params.file}"`);
      res.send(message);
    }),
  );
}
