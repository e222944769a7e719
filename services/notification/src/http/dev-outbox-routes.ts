import type { Express } from 'express';
import { NotFoundError, route } from '@vanhop/platform';
import type { OutboxFolder } from '../adapters/outbox-folder.js';

/**
 * Development only (mounted in embedded mode): lists the mail and texts the product "sent", and
 * serves each .eml so staff can open exactly what a customer would receive.
 */
export function devOutboxRoutes(app: Express, deps: { outbox: OutboxFolder }): void {
  app.get(
    '/api/dev/outbox',
    route(async (_req, res) => {
      const [mails, texts] = await Promise.all([deps.outbox.mails(), deps.outbox.texts()]);
      res.json({ mails, texts });
    }),
  );
  app.get(
    '/api/dev/outbox/:file',
    route(async (req, res) => {
      const message = await deps.outbox.mail(String(req.params.file));
      if (!message) throw new NotFoundError('No such message in the outbox');
      res.type('message/rfc822').setHeader('content-disposition', `inline; filename="${req.params.file}"`);
      res.send(message);
    }),
  );
}
