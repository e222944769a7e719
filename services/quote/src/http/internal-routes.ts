import type { Express } from 'express';
import { INTERNAL_PATHS, internalPriceRequestSchema, type InternalPriceResponse } from '@vanhop/contracts';
import { route, validated } from '@vanhop/platform';
import type { PriceMove } from '../app/price-move.js';
import { refuseUnchosenPlaces } from '../app/chosen-places.js';
import type { GeoPort } from '../domain/geo-port.js';
import { availabilityCovers, moveWindow } from '@vanhop/contracts';

const priceRequest = validated(internalPriceRequestSchema, 'body', { what: 'Booking' });

/** Routes other services call under /internal, which the gateway never proxies. */
export function internalQuoteRoutes(
  app: Express,
  deps: { priceMove: Pick<PriceMove, 'run'>; geo?: Pick<GeoPort, 'readLabel'> },
): void {
  /**
   * Service-to-service pricing (the booking service re-prices every saved or paid quote here, so a
   * price sent by a browser is never trusted). Body: the complete booking data plus an optional
   * `driverId`; answer: the priced Quote for that driver (or the cheapest offer) and the driver's
   * contact snapshot.
   */
  app.post(
    INTERNAL_PATHS.price,
    priceRequest,
    route(async (_req, res) => {
      const { driverId, bookingId, bookedCard, outsideDriverHours, ...data } = priceRequest.of(res);
      const driver = driverId ?? undefined;
      const forBookingId = bookingId ?? undefined;
      // Only a booking's re-pricing brings the card it was booked at, and only for its own driver.
      const card = bookedCard && driver && forBookingId ? bookedCard : undefined;
      // Each stop names one place the geocoder offers, as on the customer's own quote.
      if (deps.geo) await refuseUnchosenPlaces(deps.geo, data.addresses);
      // A new booking's hours must cover the drive, as on the customer's own quote: a saved or paid
      // quote must not book what POST /api/booking refuses. A booked move's re-pricing keeps its hours.
      const priced = await deps.priceMove.run(data, {
        driverId: driver,
        forBookingId,
        bookedCard: card,
        hoursMustCoverDrive: !forBookingId,
        // Only a booking's own driver, on its re-pricing.
        outsideHours: outsideDriverHours === true && !!driver && !!forBookingId,
      });
      const answer: InternalPriceResponse = {
        quote: priced.quote,
        driver: priced.driver,
        totalPricePence: priced.totalPricePence,
        pricePerHalfHourPence: priced.pricePerHalfHourPence,
        request: data,
        card: priced.chosen?.driver.card ?? null,
        ...(outsideDriverHours && priced.chosen && data.date
          ? {
              outsideDriverHours: !availabilityCovers(
                priced.chosen.driver.availability,
                moveWindow(new Date(data.date), data.hour, priced.chosen.driver.card.minimumHours),
              ),
            }
          : {}),
      };
      res.json(answer);
    }),
  );
}
