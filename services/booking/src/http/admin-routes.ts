import type { Express, RequestHandler, Response } from 'express';
import { staffBookingIdParamsSchema } from '@vanhop/contracts';
import { input, route, signedInStaff, systemClock, validated, type Clock } from '@vanhop/platform';
import type { BookingRepository } from '../adapters/booking-repository.js';
import { ListBookings } from '../app/list-bookings.js';
import { DeleteBooking } from '../app/delete-booking.js';
import type { AmendBooking } from '../app/amend-booking.js';

const byId = validated(staffBookingIdParamsSchema, 'params', { invalid: { message: 'Invalid booking id', fields: { id: 'Invalid booking id' } } });
const bookingId = (res: Response): string => input(res, 'params', staffBookingIdParamsSchema).id;

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
    byId,
    route(async (_req, res) => {
      res.json(await remove.execute(bookingId(res), signedInStaff(res).username));
    }),
  );

  // Amendments agreed in Instant Support: date, hours, stops; re-priced, the difference paid or refunded.
  app.post(
    '/api/backdata/amend/:id',
    deps.staffOnly,
    byId,
    route(async (req, res) => {
      res.set('Cache-Control', 'no-store').json(await deps.amend.execute(bookingId(res), req.body, signedInStaff(res).username));
    }),
  );
}
