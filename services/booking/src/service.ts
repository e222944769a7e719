import { randomInt } from 'node:crypto';
import { TOPICS } from '@vanhop/contracts';
import {
  LinkSigner,
  type OutboxRelay,
  serviceOutboxRelay,
  requireStaff,
  type Clock,
  type DocumentStore,
  type Logger,
  type ServiceDefinition,
} from '@vanhop/platform';
import { loadConfig, type BookingConfig } from './config.js';
import { bookingRoutes } from './http/routes.js';
import { adminRoutes } from './http/admin-routes.js';
import { internalRoutes } from './http/internal-routes.js';
import { myMoveRoutes } from './http/my-move-routes.js';
import { bookingSubscriptions } from './consumers/index.js';
import { RecordPayment } from './app/record-payment.js';
import { RecordRefund } from './app/record-refund.js';
import { MarkReviewRequested } from './app/mark-review-requested.js';
import { FollowDriverJobs } from './app/follow-driver-jobs.js';
import { PriceToNewDriver } from './app/price-to-new-driver.js';
import { KeepNewDriver } from './app/keep-new-driver.js';
import { ChooseDriver } from './app/choose-driver.js';
import { HttpDriverChoice } from './adapters/driver-choice-client.js';
import { FollowJobProgress } from './app/follow-job-progress.js';
import { SaveQuote } from './app/save-quote.js';
import { FindLiveBooking } from './app/find-live-booking.js';
import { ListBookings } from './app/list-bookings.js';
import { SearchBookings } from './app/search-bookings.js';
import { SearchKeysBackfill } from './adapters/search-keys-backfill.js';
import { PageBookings } from './app/page-bookings.js';
import { GetStaffRecord } from './app/get-staff-record.js';
import { BookingLifecycleWriter } from './app/booking-lifecycle-writer.js';
import { CancelBooking } from './app/cancel-booking.js';
import { PostponeBooking } from './app/postpone-booking.js';
import { ReactivateBooking } from './app/reactivate-booking.js';
import { PayBalance } from './app/pay-balance.js';
import { AmendBooking } from './app/amend-booking.js';
import { DeleteBooking } from './app/delete-booking.js';
import { StaffCancelBooking } from './app/staff-cancel-booking.js';
import { HttpQuotePricer } from './adapters/quote-client.js';
import { HttpVanLocationReader } from './adapters/van-location-client.js';
import { ViewVanLocation } from './app/view-van-location.js';
import { myMoveVanRoutes } from './http/my-move-van-routes.js';
import { HttpBalanceCheckouts } from './adapters/payment-client.js';
import { MyMoveLinks } from './domain/my-move-link.js';
import { BookingRepository } from './adapters/booking-repository.js';
import { CustomerSessionRepository, SignInLinkRepository } from './adapters/customer-account-repository.js';
import { BookingsByCustomer } from './adapters/customer-bookings-reader.js';
import { CustomerSignIn } from './app/customer-sign-in.js';
import { MyMoves } from './app/my-moves.js';
import { customerRoutes } from './http/customer-routes.js';
import { onCustomerSignInRequested } from './consumers/on-customer-sign-in-requested.js';

export const bookingService: ServiceDefinition<BookingConfig> = {
  name: 'booking',
  loadConfig,
  build(infra, config) {
    const bookings = new BookingRepository(infra.store);
    // Publishes events parked on booking records (QuoteSaved, BookingConfirmed, ...); see platform OutboxRelay.
    const signInLinks = new SignInLinkRepository(infra.store);
    const customerSessions = new CustomerSessionRepository(infra.store);
    const byCustomer = new BookingsByCustomer(infra.store);
    const relay = serviceOutboxRelay(infra, [bookings.collectionName, signInLinks.collectionName]);
    const kick = (eventIds: string[]) => void relay.kick(eventIds);
    if (config.myMoveLink.generated)
      infra.logger.warn('MY_MOVE_LINK_SECRET is not set: My move links stop working when this process restarts');
    const links = new MyMoveLinks(new LinkSigner(config.myMoveLink.secret, 'my-move'));
    const lifecycle = new BookingLifecycleWriter(bookings, links, infra.clock, kick);
    const pricer = new HttpQuotePricer(config.quoteServiceUrl, config.quoteTimeoutMs);
    const recordPayment = new RecordPayment(bookings, lifecycle, infra.clock, infra.logger);
    const saveQuote = new SaveQuote({ bookings, pricer, clock: infra.clock, randomInt, onSaved: kick });
    const find = new FindLiveBooking(bookings);
    const driverJobs = new FollowDriverJobs({
      bookings,
      logger: infra.logger,
      priceToNewDriver: new PriceToNewDriver({ lifecycle, logger: infra.logger }),
    });
    const customerSignIn = new CustomerSignIn({
      links: signInLinks,
      sessions: customerSessions,
      bookings: byCustomer,
      clock: infra.clock,
      logger: infra.logger,
      onWritten: kick,
    });
    return {
      routes: (app) => {
        bookingRoutes(app, {
          find,
          saveQuote,
          cache: infra.cache,
          retrieveRateLimitPerMinute: config.retrieveRateLimitPerMinute,
        });
        myMoveRoutes(app, {
          lifecycle,
          cancel: new CancelBooking(lifecycle),
          postpone: new PostponeBooking(lifecycle),
          keepDriver: new KeepNewDriver(lifecycle),
          chooseDriver: new ChooseDriver({
            lifecycle,
            quote: new HttpDriverChoice(config.fleetServiceUrl, config.quoteTimeoutMs),
            follow: driverJobs,
          }),
          reactivate: new ReactivateBooking(lifecycle, pricer),
          payBalance: new PayBalance(lifecycle, new HttpBalanceCheckouts(config.paymentServiceUrl)),
          cache: infra.cache,
          perMinute: config.myMoveRateLimitPerMinute,
        });
        myMoveVanRoutes(app, {
          van: new ViewVanLocation(lifecycle, new HttpVanLocationReader(config.fleetServiceUrl, config.quoteTimeoutMs)),
          cache: infra.cache,
          perMinute: config.myMoveRateLimitPerMinute,
        });
        adminRoutes(app, {
          list: new ListBookings(bookings, infra.clock),
          page: new PageBookings(bookings, infra.clock),
          record: new GetStaffRecord(bookings),
          search: new SearchBookings(bookings, infra.clock),
          staffOnly: requireStaff(config.jwt, infra.clock),
          amend: new AmendBooking(lifecycle, pricer),
          remove: new DeleteBooking(lifecycle),
          cancel: new StaffCancelBooking(lifecycle),
        });
        internalRoutes(app, { find, saveQuote, lifecycle });
        customerRoutes(app, {
          signIn: customerSignIn,
          moves: new MyMoves({ bookings: byCustomer, links, clock: infra.clock }),
          cache: infra.cache,
          perMinute: config.retrieveRateLimitPerMinute,
        });
      },
      subscriptions: subscriptionsOf({
        bookings,
        recordPayment,
        customerSignIn,
        driverJobs,
        logger: infra.logger,
        clock: infra.clock,
      }),
      start: () => startBooking({ bookings, signInLinks, customerSessions, byCustomer, relay, infra }),
      stop: () => relay.stop(),
    };
  },
};

/** What the booking service does on others' events. */
function subscriptionsOf(deps: {
  bookings: BookingRepository;
  recordPayment: RecordPayment;
  customerSignIn: CustomerSignIn;
  driverJobs: FollowDriverJobs;
  logger: Logger;
  clock: Clock;
}) {
  return [
    { topic: TOPICS.customerSignInRequested, handler: onCustomerSignInRequested(deps.customerSignIn) },
    ...bookingSubscriptions({
      recordPayment: deps.recordPayment,
      markReviewRequested: new MarkReviewRequested(deps.bookings, deps.clock, deps.logger),
      recordRefund: new RecordRefund(deps.bookings, deps.logger),
      driverJobs: deps.driverJobs,
      jobProgress: new FollowJobProgress({ bookings: deps.bookings, logger: deps.logger }),
    }),
  ];
}

/** The indexes, the background backfill of older records' keys, then the outbox relay. */
async function startBooking(deps: {
  bookings: BookingRepository;
  signInLinks: SignInLinkRepository;
  customerSessions: CustomerSessionRepository;
  byCustomer: BookingsByCustomer;
  relay: OutboxRelay;
  infra: { logger: Logger; clock: Clock; store: DocumentStore };
}): Promise<void> {
  const { bookings, signInLinks, customerSessions, byCustomer, relay, infra } = deps;
  await bookings.ensureIndexes();
  await Promise.all([signInLinks.ensureIndexes(), customerSessions.ensureIndexes(), byCustomer.ensureIndexes()]);
  // In the background: a large store must not hold up the start; My moves lists a record once it is keyed.
  void byCustomer.backfill(infra.clock.now()).then(
    (keyed) => keyed > 0 && infra.logger.info({ keyed }, 'customer e-mail keys added to older booking records'),
    (err: unknown) =>
      infra.logger.warn({ err: String(err) }, 'customer e-mail key backfill failed; it runs again at the next start'),
  );
  void new SearchKeysBackfill(infra.store, bookings).run(infra.clock.now()).then(
    (keyed) => keyed > 0 && infra.logger.info({ keyed }, 'staff search keys added to older booking records'),
    (err: unknown) =>
      infra.logger.warn({ err: String(err) }, 'search key backfill failed; it runs again at the next start'),
  );
  await relay.start();
}
