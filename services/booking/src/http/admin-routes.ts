import type { Express, RequestHandler } from 'express';
import { route, signedInStaff, systemClock, ValidationError, type Clock, type DocumentStore } from '@vanhop/platform';
import { ListBookings } from '../app/list-bookings.js';
import { DeleteBooking } from '../app/delete-booking.js';

const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Staff routes, each behind the staff token check (`staffOnly`). */
export function adminRoutes(app: Express, deps: { store: DocumentStore; clock?: Clock; staffOnly: RequestHandler }): void {
  const list = new ListBookings(deps.store);
  const remove = new DeleteBooking(deps.store, deps.clock ?? systemClock);

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
      const id = req.params.id;
      if (typeof id !== 'string' || !BOOKING_ID.test(id)) throw new ValidationError('Invalid booking id', { id: 'Invalid booking id' });
      res.json(await remove.execute(id, signedInStaff(res).username));
    }),
  );
}
