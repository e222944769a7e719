import type { Express, RequestHandler } from 'express';
import { cancelBookingSchema, chooseDriverSchema, reactivateBookingSchema } from '@vanhop/contracts';
import { NotFoundError, rateLimit, route, validated, type Cache } from '@vanhop/platform';
import type { CancelBooking } from '../app/cancel-booking.js';
import type { BookingLifecycleWriter } from '../app/booking-lifecycle-writer.js';
import type { PayBalance } from '../app/pay-balance.js';
import type { PostponeBooking } from '../app/postpone-booking.js';
import type { KeepNewDriver } from '../app/keep-new-driver.js';
import type { ChooseDriver } from '../app/choose-driver.js';
import type { ReactivateBooking } from '../app/reactivate-booking.js';
import { myMoveReceipt, myMoveView } from '../app/view-my-move.js';

export interface MyMoveRouteDeps {
  lifecycle: BookingLifecycleWriter;
  cancel: CancelBooking;
  postpone: PostponeBooking;
  keepDriver?: KeepNewDriver;
  chooseDriver?: ChooseDriver;
  reactivate: ReactivateBooking;
  payBalance: PayBalance;
  cache: Cache;
  perMinute: number;
}

const RECEIPT_ID = /^[\w-]{1,300}$/;

const cancellation = validated(cancelBookingSchema, 'body', { what: 'Cancellation' });
const driverChoice = validated(chooseDriverSchema, 'body', { what: 'Driver choice' });

/**
 * The customer's My move page and its actions (/api/mymove/:token). The signed token is the only
 * credential: a forged, expired or unknown one answers 404 like a missing record, never saying which.
 */
export function myMoveRoutes(app: Express, deps: MyMoveRouteDeps): void {
  const limit: RequestHandler = rateLimit(deps.cache, { name: 'my-move', limit: deps.perMinute, windowSeconds: 60 });
  const noStore: RequestHandler = (_req, res, next) => {
    // The answer holds the customer's details: never kept by a shared cache or the browser's.
    res.set('Cache-Control', 'no-store');
    next();
  };
  const base = '/api/mymove/:token';
  // The link before the body: a bad token is 404 whatever the body says.
  const knownLink: RequestHandler = route(async (req, _res, next) => {
    await deps.lifecycle.byToken(req.params.token);
    next();
  });
  const newDate = validated(reactivateBookingSchema, 'body', { what: 'New date' });

  app.get(
    base,
    limit,
    noStore,
    route(async (req, res) => {
      const record = await deps.lifecycle.byToken(req.params.token);
      res.json(myMoveView(record, deps.lifecycle.now()));
    }),
  );

  app.get(
    `${base}/receipts/:receiptId`,
    limit,
    noStore,
    route(async (req, res) => {
      const record = await deps.lifecycle.byToken(req.params.token);
      const receiptId = String(req.params.receiptId);
      res.json(myMoveReceipt(record, RECEIPT_ID.test(receiptId) ? receiptId : ''));
    }),
  );

  app.post(
    `${base}/cancel`,
    limit,
    noStore,
    knownLink,
    cancellation,
    route(async (req, res) => {
      const body = cancellation.of(res);
      res.json(await deps.cancel.execute(req.params.token, body.expectedRefundPence));
    }),
  );

  app.post(
    `${base}/postpone`,
    limit,
    noStore,
    route(async (req, res) => {
      res.json(await deps.postpone.execute(req.params.token));
    }),
  );

  // The new date's price before the customer confirms it: priced like the change itself, nothing written.
  app.post(
    `${base}/reactivate/price`,
    limit,
    noStore,
    knownLink,
    newDate,
    route(async (req, res) => {
      res.json(await deps.reactivate.price(req.params.token, newDate.of(res)));
    }),
  );

  app.post(
    `${base}/reactivate`,
    limit,
    noStore,
    knownLink,
    newDate,
    route(async (req, res) => {
      res.json(await deps.reactivate.execute(req.params.token, newDate.of(res)));
    }),
  );

  driverChangeRoutes(app, deps, { base, limit, noStore, knownLink });

  app.post(
    `${base}/pay-balance`,
    limit,
    noStore,
    route(async (req, res) => {
      res.json(await deps.payBalance.execute(req.params.token));
    }),
  );
}

/** After a change of driver: keep the new one, or see the others free for the move and choose one. */
function driverChangeRoutes(
  app: Express,
  deps: Pick<MyMoveRouteDeps, 'keepDriver' | 'chooseDriver'>,
  on: { base: string; limit: RequestHandler; noStore: RequestHandler; knownLink: RequestHandler },
): void {
  const { base, limit, noStore, knownLink } = on;
  // After a change of driver: the customer keeps the new one (cancelling stays free until the window ends).
  app.post(
    `${base}/keep-driver`,
    limit,
    noStore,
    route(async (req, res) => {
      if (!deps.keepDriver) throw new NotFoundError('Not found');
      res.json(await deps.keepDriver.execute(req.params.token));
    }),
  );

  // After a change of driver: the other drivers free for the move at what the customer would pay, then the choice.
  app.get(
    `${base}/free-drivers`,
    limit,
    noStore,
    route(async (req, res) => {
      if (!deps.chooseDriver) throw new NotFoundError('Not found');
      res.json(await deps.chooseDriver.freeDrivers(req.params.token));
    }),
  );

  app.post(
    `${base}/choose-driver`,
    limit,
    noStore,
    knownLink,
    driverChoice,
    route(async (req, res) => {
      if (!deps.chooseDriver) throw new NotFoundError('Not found');
      res.json(await deps.chooseDriver.choose(req.params.token, driverChoice.of(res).driverId));
    }),
  );
}
