import type { Express } from 'express';
import { bookingDraftSchema } from '@vanhop/contracts';
import { route, validate } from '@vanhop/platform';

export function quoteRoutes(app: Express): void {
  app.post(
    '/api/booking',
    route(async (req, res) => {
      const receivedData = await validate(bookingDraftSchema, req.body, 'Booking');
      res.json({ yourinfo: { receivedData } });
    }),
  );
}
