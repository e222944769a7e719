import type { Express } from 'express';
import {
  bookingCompleteSchema,
  INTERNAL_ID,
  INTERNAL_PATHS,
  priceCardSchema,
  type InternalPriceResponse,
} from '@vanhop/contracts';
import { NotFoundError, route, validate, ValidationError } from '@vanhop/platform';
import type { PriceMove } from '../app/price-move.js';
import type { FindDriver } from '../app/find-driver.js';

/** An optional id in an internal body: absent or null is none, anything else must look like an id. */
function internalId(value: unknown, field: string, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !INTERNAL_ID.test(value))
    throw new ValidationError(`${field} must be ${what}`, { [field]: `${field} must be ${what}` });
  return value;
}

/** Routes other services call under /internal, which the gateway never proxies. */
export function internalQuoteRoutes(app: Express, deps: { priceMove: PriceMove; drivers: FindDriver }): void {
  /**
   * Service-to-service pricing (the booking service re-prices every saved or paid quote here, so a
   * price sent by a browser is never trusted). Body: the complete booking data plus an optional
   * `driverId`; answer: the priced Quote for that driver (or the cheapest offer) and the driver's
   * contact snapshot.
   */
  app.post(
    INTERNAL_PATHS.price,
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const { driverId, bookingId, bookedCard, ...bookingData } = body;
      const driver = internalId(driverId, 'driverId', 'a driver id');
      const forBookingId = internalId(bookingId, 'bookingId', 'a booking id');
      const data = await validate(bookingCompleteSchema, bookingData, 'Booking');
      // Only a booking's re-pricing brings the card it was booked at, and only for its own driver.
      const card =
        bookedCard === undefined || bookedCard === null || !driver || !forBookingId
          ? undefined
          : await validate(priceCardSchema, bookedCard, 'Booked card');
      // A new booking's hours must cover the drive, as on the customer's own quote: a saved or paid
      // quote must not book what POST /api/booking refuses. A booked move's re-pricing keeps its hours.
      const priced = await deps.priceMove.run(data, {
        driverId: driver,
        forBookingId,
        bookedCard: card,
        hoursMustCoverDrive: !forBookingId,
      });
      const answer: InternalPriceResponse = {
        quote: priced.quote,
        driver: priced.driver,
        totalPricePence: priced.totalPricePence,
        pricePerHalfHourPence: priced.pricePerHalfHourPence,
        request: data,
        card: priced.chosen?.driver.card ?? null,
      };
      res.json(answer);
    }),
  );

  /**
   * A driver's contact by id, for services that write to drivers on a customer's behalf
   * (notification's conversations): the e-mail goes from here into a mail, never to a browser.
   */
  app.get(
    '/internal/drivers/:id/contact',
    route(async (req, res) => {
      const id = req.params.id;
      if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id))
        throw new ValidationError('Invalid driver id', { id: 'Invalid driver id' });
      const driver = await deps.drivers.byId(id);
      if (!driver) throw new NotFoundError('No driver with that id');
      res.json({ id: driver._id, name: driver.name, email: driver.email, active: driver.active });
    }),
  );
}
