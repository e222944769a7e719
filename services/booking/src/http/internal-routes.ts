import type { Express } from 'express';
import { saveRetrieveSchema } from '@vanhop/contracts';
import { NotFoundError, route, validate, ValidationError } from '@vanhop/platform';
import type { BookingRepository } from '../adapters/booking-repository.js';
import type { SaveQuote } from '../app/save-quote.js';
import type { MyMoveRecords } from '../app/my-move-records.js';
import { bookingSummary } from '../app/view-my-move.js';
import { parseRetrieveCode } from '../domain/retrieve-code.js';

/** Kept for the gateway's tests, which read booking records directly; the name is declared in the repository. */
export { BOOKINGS } from '../adapters/booking-repository.js';

const parseId = (raw: unknown): string => {
  if (typeof raw !== 'string' || !/^[\w-]{1,64}$/.test(raw)) throw new ValidationError('Invalid booking id', { id: 'Invalid booking id' });
  return raw;
};

/**
 * Service-to-service reads (payment, review). Mounted under /internal, which the gateway never
 * proxies, so browsers cannot reach it; in k8s a NetworkPolicy should limit it to the cluster.
 * Records come from the repository without their outbox: no answer carries the pending events.
 */
export function internalRoutes(app: Express, deps: { bookings: BookingRepository; saveQuote: SaveQuote; myMove: MyMoveRecords }): void {
  const { bookings } = deps;
  // Payment, when a customer pays straight from the quote panel: the quote is re-priced and stored
  // as an unpaid record exactly like save-for-later, but no QuoteSaved (no retrieve-link e-mail).
  app.post(
    '/internal/bookings',
    route(async (req, res) => {
      const body = await validate(saveRetrieveSchema, req.body, 'Booking');
      const record = await deps.saveQuote.run({ quote: body.quote as Record<string, unknown>, announce: false });
      res.status(201).json(record);
    }),
  );
  app.get(
    '/internal/bookings/by-code/:code',
    route(async (req, res) => {
      const code = parseRetrieveCode(req.params.code);
      if (code === null) throw new ValidationError('Invalid code', { code: 'Invalid code' });
      const record = await bookings.liveByCode(code);
      if (!record) throw new NotFoundError('No booking with that code');
      res.json(record);
    }),
  );
  // Payment: the balance to charge, and what the success page shows (summary, My move link).
  app.get(
    '/internal/bookings/:id/summary',
    route(async (req, res) => {
      const record = await bookings.liveById(parseId(req.params.id));
      if (!record) throw new NotFoundError('No booking with that id');
      res.json(bookingSummary(record, deps.myMove));
    }),
  );
  app.get(
    '/internal/bookings/:id',
    route(async (req, res) => {
      const record = await bookings.liveById(parseId(req.params.id));
      if (!record) throw new NotFoundError('No booking with that id');
      res.json(record);
    }),
  );
}
