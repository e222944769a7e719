import {
  activeDriverOnly,
  type OutboxRelay,
  serviceOutboxRelay,
  requireDriver,
  requireStaff,
  StoreLeases,
  type DocumentStore,
  type Infrastructure,
  type ServiceDefinition,
} from '@vanhop/platform';
import { loadConfig, type PaymentConfig } from './config.js';
import { paymentRoutes } from './http/routes.js';
import { localCheckoutRoutes } from './http/local-checkout-routes.js';
import { internalPaymentRoutes } from './http/internal-routes.js';
import { paymentSubscriptions } from './consumers/index.js';
import { PaymentRepository } from './adapters/payment-repository.js';
import { StartPayment } from './app/start-payment.js';
import { UnsavedQuoteRecords } from './adapters/unsaved-quote-records.js';
import { ConfirmPayment } from './app/confirm-payment.js';
import { HandleProviderEvent } from './app/handle-provider-event.js';
import { FindCardPayment } from './app/find-card-payment.js';
import { LocalTestCheckout } from './app/local-test-checkout.js';
import { AbandonCheckouts } from './app/abandon-checkouts.js';
import { CloseLapsedHolds } from './app/close-lapsed-holds.js';
import { IssueRefund } from './app/issue-refund.js';
import { RefundRepository } from './adapters/refund-repository.js';
import { BookingHttpClient } from './adapters/booking-http-client.js';
import { DriverTimeHttpClient } from './adapters/driver-time-http-client.js';
import { LocalPaymentProvider } from './adapters/local-provider.js';
import { StripePaymentProvider } from './adapters/stripe-provider.js';
import type { PaymentProvider } from './domain/payment-provider.js';
import { EarningsRepository } from './adapters/earnings-repository.js';
import { EarningsLedger } from './app/earnings-ledger.js';
import { DriverEarnings } from './app/driver-earnings.js';
import { StripePayouts } from './adapters/stripe-payouts.js';
import { LocalPayouts } from './adapters/local-payouts.js';
import { earningsRoutes } from './http/earnings-routes.js';
import { earningsSubscriptions } from './consumers/earnings.js';
import { driverStandingSubscriptions } from './consumers/driver-standing.js';
import { DriverStandings } from './app/driver-standing.js';
import { DriverStandingRepository } from './adapters/driver-standing-repository.js';
import { CheckoutReleaseRepository } from './adapters/checkout-release-repository.js';
import { ReleaseCheckouts } from './app/release-checkouts.js';

export const paymentService: ServiceDefinition<PaymentConfig> = {
  name: 'payment',
  loadConfig,
  async build(infra, config) {
    const { clock, logger } = infra;
    const { payments, refunds, releaseOffers } = await paymentStores(infra.store);
    const { local, provider } = await paymentProvider(infra, config);
    // PaymentSucceeded rides on payments, RefundIssued on refunds, CheckoutReleaseOffered on release offers.
    const relay = serviceOutboxRelay(infra, [
      payments.collectionName,
      refunds.collectionName,
      releaseOffers.collectionName,
    ]);
    const { confirm, releases, start } = checkoutParts(infra, config, { payments, releaseOffers, provider, relay });
    const lapsedHolds = new CloseLapsedHolds(payments, provider, confirm, clock, logger);
    let holdSweeper: NodeJS.Timeout | undefined;
    const issueRefund = new IssueRefund(refunds, payments, provider, relay, clock, logger);
    const webhook = new HandleProviderEvent(payments, provider, confirm, clock, logger);
    const { standings, earningsRepo, earnings } = await earningsParts(infra, config);

    return {
      routes: (app) => {
        paymentRoutes(app, {
          start,
          confirm,
          webhook,
          releases,
          abandon: new AbandonCheckouts(payments, provider, confirm, clock),
          cardPayment: new FindCardPayment(payments),
          localCheckout: local !== null,
          lookupLimit: { cache: infra.cache, perMinute: config.bookingLookupsPerMinute },
        });
        internalPaymentRoutes(app, { start });
        if (local) localCheckoutRoutes(app, { checkout: new LocalTestCheckout(local, payments, confirm) });
        if (config.jwt)
          earningsRoutes(app, {
            earnings,
            staffOnly: requireStaff(config.jwt, clock),
            // A suspended driver's open session reads no statement (quote's DriverUpdated says who is).
            driverOnly: activeDriverOnly(requireDriver(config.jwt, clock), (id) => standings.standingOf(id), 'allow'),
          });
      },
      subscriptions: [
        ...paymentSubscriptions({ issueRefund }),
        ...earningsSubscriptions(new EarningsLedger(earningsRepo)),
        ...driverStandingSubscriptions(standings),
      ],
      start: async () => {
        await relay.start();
        // Every replica sweeps: closing an attempt twice is harmless (the provider and our writes are idempotent).
        holdSweeper = setInterval(() => void lapsedHolds.sweep(), config.holdSweepMs);
        holdSweeper.unref();
      },
      stop: async () => {
        clearInterval(holdSweeper);
        await relay.stop();
      },
    };
  },
};

/** The payments, refunds and release offers, with their indexes in place. */
async function paymentStores(store: DocumentStore) {
  const payments = new PaymentRepository(store);
  await payments.ensureIndexes();
  const refunds = new RefundRepository(store);
  await refunds.ensureIndexes();
  const releaseOffers = new CheckoutReleaseRepository(store);
  await releaseOffers.ensureIndexes();
  return { payments, refunds, releaseOffers };
}

/** Stripe when a key is configured, otherwise the local TEST checkout (never both). */
async function paymentProvider(
  { store, clock, logger }: Infrastructure,
  config: PaymentConfig,
): Promise<{ local: LocalPaymentProvider | null; provider: PaymentProvider }> {
  if (config.stripe)
    return {
      local: null,
      provider: new StripePaymentProvider({ ...config.stripe, publicUrl: config.platform.publicUrl }, logger),
    };
  const local = new LocalPaymentProvider(store, clock);
  await local.init();
  logger.warn('STRIPE_SECRET_KEY is not set: payments use the local TEST checkout, no real money moves');
  return { local, provider: local };
}

/** Opening a checkout, confirming its payment and releasing a customer's unpaid ones. */
function checkoutParts(
  { store, clock, logger }: Infrastructure,
  config: PaymentConfig,
  on: {
    payments: PaymentRepository;
    releaseOffers: CheckoutReleaseRepository;
    provider: PaymentProvider;
    relay: OutboxRelay;
  },
) {
  const { payments, provider, relay } = on;
  const bookings = new BookingHttpClient(config.bookingServiceUrl, logger);
  const driverTime = new DriverTimeHttpClient(config.fleetServiceUrl, logger);
  const confirm = new ConfirmPayment(payments, provider, relay, clock, logger, bookings, driverTime);
  // Longer than a checkout takes to open (quote's hold and the provider, each bounded at 10 s),
  // short enough that a replica killed holding one stalls that customer for half a minute at
  // most; a customer's second request waits for the first rather than being refused.
  const checkoutLeases = new StoreLeases(store.collection('checkout_leases'), {
    clock,
    ttlMs: 30_000,
    waitMs: 15_000,
    pollMs: 100,
  });
  const releases = new ReleaseCheckouts(
    on.releaseOffers,
    payments,
    provider,
    confirm,
    relay,
    checkoutLeases,
    clock,
    logger,
  );
  const start = new StartPayment(
    bookings,
    payments,
    provider,
    clock,
    new UnsavedQuoteRecords(store),
    driverTime,
    config.openHoldsPerCustomer,
    checkoutLeases,
    releases,
    (paid) => confirm.settle(paid.kind, paid._id).catch(() => undefined),
    config.openHoldsPerClient,
  );
  return { confirm, releases, start };
}

/** Drivers' earnings: a ledger fed by booking and job events; payouts by Stripe Connect or the local ledger. */
async function earningsParts({ store, clock, logger }: Infrastructure, config: PaymentConfig) {
  const standings = new DriverStandings(new DriverStandingRepository(store));
  const earningsRepo = new EarningsRepository(store);
  await earningsRepo.ensureIndexes();
  const now = () => clock.now();
  const payouts = config.stripe
    ? new StripePayouts(config.stripe, earningsRepo, logger, now)
    : new LocalPayouts(store, now);
  const earnings = new DriverEarnings(earningsRepo, payouts, clock, logger);
  return { standings, earningsRepo, earnings };
}
