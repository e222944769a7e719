import type { Express } from 'express';
import { route, ValidationError, type DocumentStore } from '@vanhop/platform';
import { parseRetrieveCode } from '../domain/retrieve-code.js';

export function bookingRoutes(app: Express, deps: { store: DocumentStore }): void {
  const bookings = deps.store.collection<{ _id: string; randomNumber: number }>('bookings');
  app.get(
    '/api/saveRetrieve',
    route(async (req, res) => {
      const code = parseRetrieveCode(req.query.randomNumber);
      if (code === null) throw new ValidationError('randomNumber must be a whole number from 1 to 10000000', { randomNumber: 'Invalid code' });
      const record = await bookings.findOne({ randomNumber: code, deletedAt: null });
      if (!record) {
        res.status(404).type('text/plain').send('No saved quote matches that code.');
        return;
      }
      res.json([record]);
    }),
  );
}
