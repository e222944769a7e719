import type { Express } from 'express';
import { bookingIdParamsSchema, retrieveCodeParamsSchema, saveRetrieveSchema } from '@vanhop/contracts';
import { NotFoundError, route, validated } from '@vanhop/platform';
import type { FindLiveBooking } from '../app/find-live-booking.js';
import type { SaveQuote } from '../app/save-quote.js';
import type { BookingLifecycleWriter } from '../app/booking-lifecycle-writer.js';
import { bookingSummary } from '../app/view-my-move.js';

const byId = validated(bookingIdParamsSchema, 'params', {
  invalid: { message: 'Invalid booking id', fields: { id: 'Invalid booking id' } },
});
const byCode = validated(retrieveCodeParamsSchema, 'params', {
  invalid: { message: 'Invalid code', fields: { code: 'Invalid code' } },
});

const savedQuote = validated(saveRetrieveSchema, 'body', { what: 'Booking' });

/**
 * Service-to-service reads (payment, review). Mounted under /internal, which the gateway never
 * proxies, so browsers cannot reach it; in k8s a NetworkPolicy should limit it to the cluster.
 * Records come without their outbox: no answer carries the pending events.
 */
export function internalRoutes(
  app: Express,
  deps: { find: FindLiveBooking; saveQuote: SaveQuote; lifecycle: BookingLifecycleWriter },
): void {
  const { find } = deps;
  // Payment, when a customer pays straight from the quote panel: the quote is re-priced and stored
  // as an unpaid record exactly like save-for-later, but no QuoteSaved (no retrieve-link e-mail).
  app.post(
    '/internal/bookings',
    savedQuote,
    route(async (_req, res) => {
      const body = savedQuote.of(res);
      const record = await deps.saveQuote.execute({ quote: body.quote as Record<string, unknown>, announce: false });
      res.status(201).json(record);
    }),
  );
  app.get(
    '/internal/bookings/by-code/:code',
    byCode,
    route(async (_req, res) => {
      const record = await find.byCode(byCode.of(res).code);
      if (!record) throw new NotFoundError('No booking with that code');
      res.json(record);
    }),
  );
  // Payment: the balance to charge, and what the success page shows (summary, My move link).
  app.get(
    '/internal/bookings/:id/summary',
    byId,
    route(async (_req, res) => {
      const record = await find.byId(byId.of(res).id);
      if (!record) throw new NotFoundError('No booking with that id');
      res.json(bookingSummary(record, deps.lifecycle));
    }),
  );
  app.get(
    '/internal/bookings/:id',
    byId,
    route(async (_req, res) => {
      const record = await find.byId(byId.of(res).id);
      if (!record) throw new NotFoundError('No booking with that id');
      res.json(record);
    }),
  );
}
