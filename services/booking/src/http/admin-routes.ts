import type { Express, RequestHandler } from 'express';
import { route, signedInStaff, systemClock, ValidationError, type Clock } from '@vanhop/platform';
import type { BookingRepository } from '../adapters/booking-repository.js';
import { ListBookings } from '../app/list-bookings.js';
import { DeleteBooking } from '../app/delete-booking.js';
import type { AmendBooking } from '../app/amend-booking.js';

const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const bookingId = (id: unknown): string => {
  if (typeof id !== 'string' || !BOOKING_ID.test(id)) throw new ValidationError('Invalid booking id', { id: 'Invalid booking id' });
  return id;
};

/** Staff routes, each behind the staff token check (`staffOnly`). */
export function adminRoutes(app: Express, deps: { bookings: BookingRepository; clock?: Clock; staffOnly: RequestHandler; amend: AmendBooking }): void {
  const list = new ListBookings(deps.bookings);
  const remove = new DeleteBooking(deps.bookings, deps.clock ?? systemClock);

  app.get(
    '/api/backdata/all',
    deps.staffOnly,
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await list.execute());
    }),
  );

  app.delete(
    '/api/backdata/delete/:id',
    deps.staffOnly,
    route(async (req, res) => {
      res.json(await remove.execute(bookingId(req.params.id), signedInStaff(res).username));
    }),
  );

  // Amendments agreed in Instant Support: date, hours, stops; re-priced, the difference paid or refunded.
  app.post(
    '/api/backdata/amend/:id',
    deps.staffOnly,
    route(async (req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.amend.execute(bookingId(req.params.id), req.body, signedInStaff(res).username));
    }),
  );
}
