import type { Express } from 'express';
import { bookingCompleteSchema, INTERNAL_ID, INTERNAL_PATHS, type InternalPriceResponse } from '@vanhop/contracts';
import { NotFoundError, route, validate, ValidationError } from '@vanhop/platform';
import type { PriceMove } from '../app/price-move.js';
import type { DriverRepository } from '../adapters/driver-repository.js';

/**
 * Service-to-service pricing (the booking service re-prices every saved or paid quote here, so a
 * price sent by a browser is never trusted). Under /internal, which the gateway never proxies.
 * Body: the complete booking data plus an optional `driverId`; answer: the priced Quote for that
 * driver (or the cheapest offer) and the driver's contact snapshot.
 */
export function internalQuoteRoutes(app: Express, deps: { priceMove: PriceMove; drivers: DriverRepository }): void {
  app.post(
    INTERNAL_PATHS.price,
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const { driverId, ...bookingData } = body;
      if (driverId !== undefined && driverId !== null && (typeof driverId !== 'string' || !INTERNAL_ID.test(driverId))) {
        throw new ValidationError('driverId must be a driver id', { driverId: 'driverId must be a driver id' });
      }
      const data = await validate(bookingCompleteSchema, bookingData, 'Booking');
      const priced = await deps.priceMove.run(data, { driverId: driverId ?? undefined });
      const answer: InternalPriceResponse = {
        quote: priced.quote,
        driver: priced.driver,
        totalPricePence: priced.totalPricePence,
        pricePerHalfHourPence: priced.pricePerHalfHourPence,
        request: data,
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
      if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) throw new ValidationError('Invalid driver id', { id: 'Invalid driver id' });
      const driver = await deps.drivers.findById(id);
      if (!driver) throw new NotFoundError('No driver with that id');
      res.json({ id: driver._id, name: driver.name, email: driver.email, active: driver.active });
    }),
  );
}
