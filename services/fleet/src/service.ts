import type { Express, RequestHandler } from 'express';
import {
  type OutboxRelay,
  serviceOutboxRelay,
  scheduleHistoryPruning,
  requireDriver,
  requireStaff,
  type Infrastructure,
  type ServiceDefinition,
} from '@vanhop/platform';
import { loadConfig, type FleetConfig } from './config.js';
import { DRIVERS, DriverRepository } from './adapters/driver-repository.js';
import { CandidateRankingClient } from './adapters/candidate-ranking-client.js';
import { PlaceGeocoderClient } from './adapters/place-geocoder-client.js';
import { DEMO_DRIVERS } from './domain/demo-drivers.js';
import { internalDriverRoutes } from './http/internal-driver-routes.js';
import { driverChoiceRoutes } from './http/driver-choice-routes.js';
import { fleetSubscriptions } from './consumers/index.js';
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
import { DRIVER_TIME_LEDGER } from './adapters/driver-time-outbox.js';
import { supplyPublishing } from './supply-publishing.js';

/** How often unanswered job offers are looked for; reads sweep too, so this only bounds the delay of a quiet system. */
const JOB_SWEEP_MS = 60_000;
/** How often documents nearing expiry are looked for: the reminder's state is on the driver, so this only bounds its delay. */
const DOCUMENT_SWEEP_MS = 60 * 60_000;
/** How often driver cards and booked time a stopped process left unpublished are looked for. */
const SUPPLY_SWEEP_MS = 60_000;

/**
 * The consumer group that handled these topics before the supply side had a service of its own: on
 * a broker that has its offsets, fleet's group starts where quote's got to instead of applying every
 * booking event the broker still keeps once more (a confirmation replayed after its cancellation
 * would hold a driver for a cancelled move).
 */
const SUBSCRIPTIONS_BEFORE_FLEET = 'quote';

export const fleetService: ServiceDefinition<FleetConfig> = {
  name: 'fleet',
  loadConfig,
  build(infra, config) {
    const parts = composeParts(infra, config);
    const background = backgroundWork(parts, infra, config);
    return {
      routes: (app) => mountRoutes(app, parts, infra, config),
      subscriptions: fleetSubscriptions({
        time: new BookedDriverTime({ drivers: parts.drivers, slots: parts.slots, logger: infra.logger }),
        jobs: parts.jobs,
        audit: parts.audit,
        drivers: parts.drivers,
        suspendedJobs: parts.suspendedJobs,
        accounts: parts.portalAccounts,
        conflicts: parts.conflictAlerts,
      }).map((sub) => ({ ...sub, options: { ...sub.options, takeOverFrom: SUBSCRIPTIONS_BEFORE_FLEET } })),
      start: background.start,
      serving: background.serving,
      stop: background.stop,
    };
  },
};

/**
 * The drivers, their time and their jobs; and what the supply side asks of quote over HTTP: who can
 * take a booked move, ranked (pricing reads its own copy of the drivers, fed by this service's
 * events), and a place's point.
 */
function storeParts(infra: Infrastructure, config: FleetConfig) {
  const drivers = new DriverRepository(infra.store);
  const slots = new DriverSlots(infra.store, infra.clock);
  const jobStore = new JobRepository(infra.store);
  const ranking = new CandidateRankingClient(config.quoteServiceUrl, infra.logger, config.quoteTimeoutMs);
  const geo = new PlaceGeocoderClient(config.quoteServiceUrl, infra.logger, config.quoteTimeoutMs);
  return { drivers, slots, jobStore, ranking, geo };
}

/** The jobs offered to drivers, and what watches them: reassignment, conflicts, unconfirmed and suspended drivers' jobs. */
function jobParts(
  infra: Infrastructure,
  config: FleetConfig,
  stores: ReturnType<typeof storeParts>,
  relay: OutboxRelay,
) {
  const { drivers, slots, jobStore, ranking } = stores;
  const { clock, logger } = infra;
  const portalAccounts = new DriverPortalAccountRepository(infra.store);
  const responseMinutes = config.jobResponseMinutes;
  const reassign = new ReassignJob({
    accounts: portalAccounts,
    jobs: jobStore,
    drivers,
    slots,
    ranking,
    clock,
    logger,
    responseMinutes,
    relay,
  });
  const conflicts = new JobConflicts({ jobs: jobStore, drivers, clock, slots });
  const conflictAlerts = new ConflictAlerts({ jobs: jobStore, conflicts, clock, logger, relay });
  const unconfirmed = new UnconfirmedAlerts({ jobs: jobStore, clock, logger, relay });
  const jobs = new DriverJobs({
    jobs: jobStore,
    slots,
    clock,
    logger,
    responseMinutes,
    relay,
    drivers,
    fallback: reassign,
    callsMasked: !!config.telephony,
    unconfirmed,
  });
  const suspendedJobs = new SuspendedDriverJobs({ jobs: jobStore, clock, logger, relay, fallback: reassign, slots });
  return { portalAccounts, reassign, conflicts, conflictAlerts, unconfirmed, jobs, suspendedJobs };
}

/** Everything the fleet service is made of, wired once per process. */
function composeParts(infra: Infrastructure, config: FleetConfig) {
  const { clock, logger } = infra;
  const stores = storeParts(infra, config);
  const relay = serviceOutboxRelay(infra, [DRIVER_JOBS, DRIVERS, DRIVER_TIME_LEDGER]);
  const supply = supplyPublishing(infra, stores, relay);
  const offers = jobParts(infra, config, stores, relay);
  const { drivers, jobStore, geo } = stores;
  const audit = new DriverAuditLog(infra.store);
  const manage = new ManageDrivers({ drivers, audit, geo, clock, relay, suspendedJobs: offers.suspendedJobs });
  const documents = new DriverDocuments({
    documents: new DriverDocumentsRepository(infra.store, (id) => supply.cardOutbox.publish(id)),
    audit,
    clock,
    logger,
    relay,
  });
  const reminders = new MoveReminders({ jobs: jobStore, clock, logger, relay, drivers });
  return { ...stores, ...offers, relay, audit, manage, documents, reminders, supply };
}

type FleetParts = ReturnType<typeof composeParts>;

/** The public and internal routes, then (with a JWT configured) the staff and driver ones. */
function mountRoutes(app: Express, parts: FleetParts, infra: Infrastructure, config: FleetConfig): void {
  const { geo, drivers, slots, reassign, jobStore } = parts;
  const findDriver = new FindDriver(drivers);
  internalDriverRoutes(app, { drivers: findDriver });
  holdRoutes(app, { holds: new HoldDriverTime(drivers, slots, infra.clock) });
  driverChoiceRoutes(app, { reassign });
  driverPhotoRoutes(app, { drivers: findDriver });
  driverProfileRoutes(app, { drivers: findDriver, clock: infra.clock });
  if (!config.jwt) return;
  const staffOnly = requireStaff(config.jwt, infra.clock);
  // Every driver route: a driver token, of a driver not suspended (read on each request).
  const driverOnly = activeDriverOnly(requireDriver(config.jwt, infra.clock), findDriver);
  const van = new VanLocation({ jobs: jobStore, positions: new VanPositions(infra.cache), geo });
  staffJobRoutes(app, parts, staffOnly);
  jobRoutes(app, { jobs: parts.jobs, reassign, staffOnly, driverOnly });
  jobProgressRoutes(app, {
    progress: new JobProgress({
      jobs: jobStore,
      proofs: new JobProofRepository(infra.store),
      clock: infra.clock,
      logger: infra.logger,
      relay: parts.relay,
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
  driverSelfRoutes(app, {
    manage: parts.manage,
    driverOnly,
    outsideHours: parts.conflicts,
    alerts: parts.conflictAlerts,
  });
  driverDocumentsRoutes(app, {
    documents: parts.documents,
    calendar: new DriverCalendar({ drivers, jobs: jobStore, clock: infra.clock }),
    staffOnly,
    alerts: parts.conflictAlerts,
  });
  const page = new PageDrivers(drivers);
  driverAdminRoutes(app, { manage: parts.manage, suspendedJobs: parts.suspendedJobs, staffOnly, page });
}

/** The office's views of the jobs: drivers' hours, conflicts, unconfirmed and returned jobs. */
function staffJobRoutes(app: Express, parts: FleetParts, staffOnly: RequestHandler): void {
  driverHoursRoutes(app, { hours: new DriversAvailableHours(parts.drivers), staffOnly });
  jobConflictRoutes(app, { conflicts: parts.conflicts, staffOnly });
  unconfirmedRoutes(app, { alerts: parts.unconfirmed, staffOnly });
  returnedJobsPageRoutes(app, {
    page: new ReturnedJobsPage({ jobs: parts.jobStore, sweep: () => parts.jobs.sweep() }),
    staffOnly,
  });
}

/**
 * The indexes before serving, then the work on intervals: the job, reminder, document and supply
 * event sweeps; stopped on the way out.
 */
function backgroundWork(parts: FleetParts, infra: Infrastructure, config: FleetConfig) {
  const { logger } = infra;
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, work: () => Promise<unknown>, failed: string) => {
    const timer = setInterval(() => void work().catch((err) => logger.warn({ err: String(err) }, failed)), ms);
    timer.unref();
    timers.push(timer);
  };
  const sweepReminders = () =>
    parts.reminders.sweep().catch((err) => logger.warn({ err: String(err) }, 'reminder sweep failed'));
  const sweepDocuments = () =>
    parts.documents.sweep().catch((err) => logger.warn({ err: String(err) }, 'document reminder sweep failed'));
  return {
    async start() {
      await ensureIndexes(parts, infra);
      every(JOB_SWEEP_MS, () => parts.jobs.sweep(), 'job sweep failed');
      await parts.relay.start();
      // What a stopped process left unpublished; the backfill waits until the service serves.
      await parts.supply.sweep();
      every(SUPPLY_SWEEP_MS, () => parts.supply.sweep(), 'supply events sweep failed');
      scheduleHistoryPruning(every, logger, parts.supply.timeOutbox, 'driver time ledgers');
      // The day-before reminders: state in the store (the job), so at start-up too, then on an interval.
      await sweepReminders();
      every(REMINDER_SWEEP_MS, sweepReminders, 'reminder sweep failed');
      // Expiring documents: at start-up too (a reminder due while stopped goes now), then on an interval.
      await sweepDocuments();
      every(DOCUMENT_SWEEP_MS, sweepDocuments, 'document reminder sweep failed');
      if (config.seedDemoDrivers) {
        const added = await parts.manage.seed(DEMO_DRIVERS);
        if (added) logger.info({ added }, 'demo drivers seeded');
      }
    },
    serving() {
      parts.supply.backfill.start();
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await parts.supply.backfill.stop();
      await parts.relay.stop();
    },
  };
}

async function ensureIndexes(parts: FleetParts, infra: Infrastructure): Promise<void> {
  await parts.supply.ensureIndexes();
  await parts.audit.ensureIndexes();
  // Before serving and seeding: the unique e-mail index is what keeps two drivers off one address.
  await parts.drivers.ensureIndexes(infra.logger);
  await parts.drivers.ensureStaffListIndexes();
  // Before serving: without the unique index two checkouts could hold one driver's hour.
  await parts.slots.ensureIndexes();
  await parts.jobStore.ensureIndexes();
}
