import type { Express } from 'express';
import type { BookingRecord } from '@vanhop/contracts';
import { saveRetrieveSchema } from '@vanhop/contracts';
import { NotFoundError, route, validate, ValidationError, type DocumentStore } from '@vanhop/platform';
import type { SaveQuote } from '../app/save-quote.js';
import { internalView } from '../domain/booking-record.js';
import { parseRetrieveCode } from '../domain/retrieve-code.js';

export const BOOKINGS = 'bookings';

/**
 * Service-to-service reads (payment, review). Mounted under /internal, which the gateway never
 * proxies, so browsers cannot reach it; in k8s a NetworkPolicy should limit it to the cluster.
 */
export function internalRoutes(app: Express, deps: { store: DocumentStore; saveQuote: SaveQuote }): void {
  const bookings = deps.store.collection<BookingRecord>(BOOKINGS);
  // Payment, when a customer pays straight from the quote panel: the quote is re-priced and stored
  // as an unpaid record exactly like save-for-later, but no QuoteSaved (no retrieve-link e-mail).
  app.post(
    '/internal/bookings',
    route(async (req, res) => {
      const body = await validate(saveRetrieveSchema, req.body, 'Booking');
      const record = await deps.saveQuote.run({ quote: body.quote as Record<string, unknown>, announce: false });
      res.status(201).json(internalView(record));
    }),
  );
  app.get(
    '/internal/bookings/by-code/:code',
    route(async (req, res) => {
      const code = parseRetrieveCode(req.params.code);
      if (code === null) throw new ValidationError('Invalid code', { code: 'Invalid code' });
      const record = await bookings.findOne({ randomNumber: code, deletedAt: null });
      if (!record) throw new NotFoundError('No booking with that code');
      res.json(record);
    }),
  );
  app.get(
    '/internal/bookings/:id',
    route(async (req, res) => {
      const id = req.params.id;
      if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) throw new ValidationError('Invalid booking id', { id: 'Invalid booking id' });
      const record = await bookings.findOne({ _id: id, deletedAt: null });
      if (!record) throw new NotFoundError('No booking with that id');
      res.json(record);
    }),
  );
}
