import { requireDriver, requireStaff, serviceOutboxRelay, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type QuoteConfig } from './config.js';
import { createGeo } from './adapters/create-geo.js';
import { DRIVERS, DriverRepository } from './adapters/driver-repository.js';
import { ActiveDriverCards } from './adapters/active-driver-cards.js';
import { PriceMove } from './app/price-move.js';
import { DEMO_DRIVERS } from './domain/demo-drivers.js';
import { quoteRoutes } from './http/routes.js';
import { internalQuoteRoutes } from './http/internal-routes.js';
import { driverChoiceRoutes } from './http/driver-choice-routes.js';
import { quoteSubscriptions } from './consumers/index.js';
import { DriverPortalAccountRepository } from './adapters/driver-portal-accounts.js';
import { JobConflicts } from './app/job-conflicts.js';
import { ConflictAlerts } from './app/conflict-alerts.js';
import { jobConflictRoutes } from './http/job-conflict-routes.js';
import { DriverAuditLog } from './adapters/driver-audit-log.js';
import { ManageDrivers } from './app/manage-drivers.js';
import { driverAdminRoutes } from './http/driver-admin-routes.js';
import { PageDrivers } from './app/page-drivers.js';
import { DriverSlots } from './adapters/driver-slots.js';
import { holdRoutes } from './http/hold-routes.js';
import { BookedDriverTime } from './app/booked-driver-time.js';
import { DRIVER_JOBS, JobRepository } from './adapters/job-repository.js';
import { DriverJobs } from './app/driver-jobs.js';
import { ReassignJob } from './app/reassign-job.js';
import { jobRoutes } from './http/job-routes.js';
import { unconfirmedRoutes } from './http/unconfirmed-routes.js';
import { UnconfirmedAlerts } from './app/unconfirmed-alerts.js';
import { returnedJobsPageRoutes } from './http/returned-jobs-page-routes.js';
import { ReturnedJobsPage } from './app/returned-jobs-page.js';
import { driverSelfRoutes } from './http/driver-self-routes.js';
import { driverPhotoRoutes } from './http/driver-photo-routes.js';
import { driverProfileRoutes } from './http/driver-profile-routes.js';
import { SuspendedDriverJobs } from './app/suspended-driver-jobs.js';
import { activeDriverOnly } from './http/active-driver.js';
import { FindDriver } from './app/find-driver.js';
import { HoldDriverTime } from './app/hold-driver-time.js';
import { DriversAvailableHours } from './app/drivers-available-hours.js';
import { DriverDocumentsRepository } from './adapters/driver-documents-repository.js';
import { DriverDocuments } from './app/driver-documents.js';
import { DriverCalendar } from './app/driver-calendar.js';
import { driverDocumentsRoutes } from './http/driver-documents-routes.js';
import { PRICED_QUOTE_DAYS, PricedQuoteDayRepository } from './adapters/priced-quote-days.js';
import { PricedQuoteTally } from './app/priced-quote-tally.js';
import { driverHoursRoutes } from './http/driver-hours-routes.js';
import { JobProgress } from './app/job-progress.js';
import { jobProgressRoutes } from './http/job-progress-routes.js';
import { JobCall } from './app/job-call.js';
import { JobProofRepository } from './adapters/job-proof-repository.js';
import { createTelephony } from './adapters/create-telephony.js';
import { MoveReminders, REMINDER_SWEEP_MS } from './app/move-reminders.js';
import { VanLocation } from './app/van-location.js';
import { VanPositions } from './adapters/van-positions.js';
import { vanLocationRoutes } from './http/van-location-routes.js';

/** How often unanswered job offers are looked for; reads sweep too, so this only bounds the delay of a quiet system. */
const JOB_SWEEP_MS = 60_000;
/** How often documents nearing expiry are looked for: the reminder's state is on the driver, so this only bounds its delay. */
const DOCUMENT_SWEEP_MS = 60 * 60_000;
/** How often the tally of quotes priced is written: the dashboard's conversion lags by at most this. */
const PRICED_QUOTES_FLUSH_MS = 2_000;

export const quoteService: ServiceDefinition<QuoteConfig> = {
  name: 'quote',
  loadConfig,
  build(infra, config) {
    const { geo } = createGeo(config, infra.cache);
    const drivers = new DriverRepository(infra.store);
    const slots = new DriverSlots(infra.store, infra.clock);
    const jobStore = new JobRepository(infra.store);
    // Pricing reads a copy of the active drivers' cards, kept by this process's writes and a poll of the store for the other replicas'.
    const cards = new ActiveDriverCards({ drivers, clock: infra.clock });
    drivers.onWrite((id) => cards.changed(id));
    let cardsPoller: NodeJS.Timeout | undefined;
    const neighbours = {
      jobsOf: (id: string) => jobStore.neighboursOf(id),
      jobsNear: (ids: readonly string[] | null, from: Date, to: Date) => jobStore.neighboursNear(ids, from, to),
    };
    const priceMove = new PriceMove({ geo, drivers: cards, clock: infra.clock, busy: slots, neighbours });
    const audit = new DriverAuditLog(infra.store);
    const relay = serviceOutboxRelay(infra, [DRIVER_JOBS, DRIVERS, PRICED_QUOTE_DAYS]);
    const tally = new PricedQuoteTally({
      days: new PricedQuoteDayRepository(infra.store),
      clock: infra.clock,
      relay,
      logger: infra.logger,
    });
    let tallyTimer: NodeJS.Timeout | undefined;
    const portalAccounts = new DriverPortalAccountRepository(infra.store);
    const reassign = new ReassignJob({
      accounts: portalAccounts,
      jobs: jobStore,
      drivers,
      slots,
      priceMove,
      clock: infra.clock,
      logger: infra.logger,
      responseMinutes: config.jobResponseMinutes,
      relay,
    });
    const conflicts = new JobConflicts({ jobs: jobStore, drivers, clock: infra.clock, slots });
    const conflictAlerts = new ConflictAlerts({
      jobs: jobStore,
      conflicts,
      clock: infra.clock,
      logger: infra.logger,
      relay,
    });
    const unconfirmed = new UnconfirmedAlerts({ jobs: jobStore, clock: infra.clock, logger: infra.logger, relay });
    const jobs = new DriverJobs({
      jobs: jobStore,
      slots,
      clock: infra.clock,
      logger: infra.logger,
      responseMinutes: config.jobResponseMinutes,
      relay,
      drivers,
      fallback: reassign,
      callsMasked: !!config.telephony,
      unconfirmed,
    });
    const suspendedJobs = new SuspendedDriverJobs({
      jobs: jobStore,
      clock: infra.clock,
      logger: infra.logger,
      relay,
      fallback: reassign,
      slots,
    });
    const manage = new ManageDrivers({ drivers, audit, geo, clock: infra.clock, relay, suspendedJobs });
    const documents = new DriverDocuments({
      documents: new DriverDocumentsRepository(infra.store, (id) => cards.changed(id)),
      audit,
      clock: infra.clock,
      logger: infra.logger,
      relay,
    });
    const sweepDocuments = () =>
      documents.sweep().catch((err) => infra.logger.warn({ err: String(err) }, 'document reminder sweep failed'));
    let documentSweeper: NodeJS.Timeout | undefined;
    const reminders = new MoveReminders({ jobs: jobStore, clock: infra.clock, logger: infra.logger, relay, drivers });
    const sweepReminders = () =>
      reminders.sweep().catch((err) => infra.logger.warn({ err: String(err) }, 'reminder sweep failed'));
    let sweeper: NodeJS.Timeout | undefined;
    let reminderSweeper: NodeJS.Timeout | undefined;
    return {
      routes: (app) => {
        quoteRoutes(app, { priceMove, geo, tally });
        const findDriver = new FindDriver(drivers);
        internalQuoteRoutes(app, { priceMove, drivers: findDriver, geo });
        const van = new VanLocation({ jobs: jobStore, positions: new VanPositions(infra.cache), geo });
        holdRoutes(app, { holds: new HoldDriverTime(drivers, slots, infra.clock) });
        driverChoiceRoutes(app, { reassign });
        driverPhotoRoutes(app, { drivers: findDriver });
        driverProfileRoutes(app, { drivers: findDriver, clock: infra.clock });
        if (config.jwt) {
          const staffOnly = requireStaff(config.jwt, infra.clock);
          // Every driver route: a driver token, of a driver not suspended (read on each request).
          const driverOnly = activeDriverOnly(requireDriver(config.jwt, infra.clock), findDriver);
          driverHoursRoutes(app, { hours: new DriversAvailableHours(drivers), staffOnly });
          jobConflictRoutes(app, { conflicts, staffOnly });
          unconfirmedRoutes(app, { alerts: unconfirmed, staffOnly });
          returnedJobsPageRoutes(app, {
            page: new ReturnedJobsPage({ jobs: jobStore, sweep: () => jobs.sweep() }),
            staffOnly,
          });
          jobRoutes(app, { jobs, reassign, staffOnly, driverOnly });
          jobProgressRoutes(app, {
            progress: new JobProgress({
              jobs: jobStore,
              proofs: new JobProofRepository(infra.store),
              clock: infra.clock,
              logger: infra.logger,
              relay,
              offTheRoad: (id) => van.forget(id),
            }),
            call: new JobCall({
              jobs: jobStore,
              drivers,
              clock: infra.clock,
              logger: infra.logger,
              telephony: createTelephony(config),
            }),
            driverOnly,
            staffOnly,
          });
          vanLocationRoutes(app, { van, driverOnly, staffOnly });
          driverSelfRoutes(app, { manage, driverOnly, outsideHours: conflicts, alerts: conflictAlerts });
          driverDocumentsRoutes(app, {
            documents,
            calendar: new DriverCalendar({ drivers, jobs: jobStore, clock: infra.clock }),
            staffOnly,
            alerts: conflictAlerts,
          });
          driverAdminRoutes(app, { manage, suspendedJobs, staffOnly, page: new PageDrivers(drivers) });
        }
      },
      subscriptions: quoteSubscriptions({
        time: new BookedDriverTime({ drivers, slots, logger: infra.logger }),
        jobs,
        audit,
        drivers,
        suspendedJobs,
        accounts: portalAccounts,
        conflicts: conflictAlerts,
      }),
      async start() {
        // No consumer group of this replica's own (one per restart, left on the broker): the store is asked instead.
        cardsPoller = setInterval(
          () =>
            void cards
              .pollChanges()
              .catch((err) => infra.logger.warn({ err: String(err) }, 'driver cards poll failed')),
          config.driverCardsPollMs,
        );
        cardsPoller.unref();
        await audit.ensureIndexes();
        // Before serving and seeding: the unique e-mail index is what keeps two drivers off one address.
        await drivers.ensureIndexes(infra.logger);
        await drivers.ensureStaffListIndexes();
        // Before serving: without the unique index two checkouts could hold one driver's hour.
        await slots.ensureIndexes();
        await jobStore.ensureIndexes();
        sweeper = setInterval(
          () => void jobs.sweep().catch((err) => infra.logger.warn({ err: String(err) }, 'job sweep failed')),
          JOB_SWEEP_MS,
        );
        sweeper.unref();
        await relay.start();
        tallyTimer = setInterval(() => void tally.flush(), PRICED_QUOTES_FLUSH_MS);
        tallyTimer.unref();
        // The day-before reminders: state in the store (the job), so at start-up too, then on an interval.
        await sweepReminders();
        reminderSweeper = setInterval(() => void sweepReminders(), REMINDER_SWEEP_MS);
        reminderSweeper.unref();
        // Expiring documents: at start-up too (a reminder due while stopped goes now), then on an interval.
        await sweepDocuments();
        documentSweeper = setInterval(() => void sweepDocuments(), DOCUMENT_SWEEP_MS);
        documentSweeper.unref();
        if (config.seedDemoDrivers) {
          const added = await manage.seed(DEMO_DRIVERS);
          if (added) infra.logger.info({ added }, 'demo drivers seeded');
        }
      },
      async stop() {
        clearInterval(cardsPoller);
        clearInterval(sweeper);
        clearInterval(documentSweeper);
        clearInterval(tallyTimer);
        await tally.flush();
        clearInterval(reminderSweeper);
        await relay.stop();
      },
    };
  },
};
