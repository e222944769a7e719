import type { Express, RequestHandler, Response } from 'express';
import { ADMIN_USER_HEADER, route, systemClock, UnauthorizedError, ValidationError, type Clock, type DocumentStore } from '@vanhop/platform';
import { ListBookings } from '../app/list-bookings.js';
import { DeleteBooking } from '../app/delete-booking.js';

const BOOKING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADMIN_NAME = /^\S{3,64}$/;

/**
 * The gateway verifies the staff JWT and forwards the verified name in x-admin-username (after
 * deleting any client copy). A request without it did not come through that check: refuse it.
 */
const requireGatewayAdmin: RequestHandler = (req, res, next) => {
  const name = req.headers[ADMIN_USER_HEADER];
  if (typeof name !== 'string' || !ADMIN_NAME.test(name)) return next(new UnauthorizedError('Unauthorized: please log in again'));
  res.locals.adminName = name;
  next();
};

const adminName = (res: Response): string => res.locals.adminName as string;

/** Staff routes: GET /api/backdata/all and DELETE /api/backdata/delete/:id. */
export function adminRoutes(app: Express, deps: { store: DocumentStore; clock?: Clock }): void {
  const list = new ListBookings(deps.store);
  const remove = new DeleteBooking(deps.store, deps.clock ?? systemClock);

  app.get(
    '/api/backdata/all',
    requireGatewayAdmin,
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await list.execute());
    }),
  );

  app.delete(
    '/api/backdata/delete/:id',
    requireGatewayAdmin,
    route(async (req, res) => {
      const id = req.params.id;
      if (typeof id !== 'string' || !BOOKING_ID.test(id)) throw new ValidationError('Invalid booking id', { id: 'Invalid booking id' });
      res.json(await remove.execute(id, adminName(res)));
    }),
  );
}
