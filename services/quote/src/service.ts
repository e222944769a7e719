import { OutboxRelay, requireDriver, requireStaff, type ServiceDefinition } from '@vanhop/platform';
import { loadConfig, type QuoteConfig } from './config.js';
import { createGeo } from './adapters/create-geo.js';
import { DRIVERS, DriverRepository } from './adapters/driver-repository.js';
import { PriceMove } from './app/price-move.js';
import { DEMO_DRIVERS } from './domain/demo-drivers.js';
import { quoteRoutes } from './http/routes.js';
import { internalQuoteRoutes } from './http/internal-routes.js';
import { quoteSubscriptions } from './consumers/index.js';
import { DriverAuditLog } from './adapters/driver-audit-log.js';
import { ManageDrivers } from './app/manage-drivers.js';
import { driverAdminRoutes } from './http/driver-admin-routes.js';
import { DriverSlots } from './adapters/driver-slots.js';
import { holdRoutes } from './http/hold-routes.js';
import { BookedDriverTime } from './app/booked-driver-time.js';
import { DRIVER_JOBS, JobRepository } from './adapters/job-repository.js';
import { DriverJobs } from './app/driver-jobs.js';
import { ReassignJob } from './app/reassign-job.js';
import { jobRoutes } from './http/job-routes.js';
import { driverSelfRoutes } from './http/driver-self-routes.js';
import { driverPhotoRoutes } from './http/driver-photo-routes.js';
import { SuspendedDriverJobs } from './app/suspended-driver-jobs.js';
import { activeDriverOnly } from './http/active-driver.js';

/** How often unanswered job offers are looked for; reads sweep too, so this only bounds the delay of a quiet system. */
const JOB_SWEEP_MS = 60_000;

export const quoteService: ServiceDefinition<QuoteConfig> = {
  name: 'quote',
  loadConfig,
  build(infra, config) {
    const { geo } = createGeo(config, infra.cache);
    const drivers = new DriverRepository(infra.store);
    const slots = new DriverSlots(infra.store, infra.clock);
    const jobStore = new JobRepository(infra.store);
    const priceMove = new PriceMove({ geo, drivers, clock: infra.clock, busy: slots, neighbours: { jobsOf: (id) => jobStore.neighboursOf(id) } });
    const audit = new DriverAuditLog(infra.store);
    const relay = new OutboxRelay(infra.store, [DRIVER_JOBS, DRIVERS], infra.bus, infra.logger);
    const jobs = new DriverJobs({ jobs: jobStore, slots, clock: infra.clock, logger: infra.logger, responseMinutes: config.jobResponseMinutes, relay, drivers });
    const suspendedJobs = new SuspendedDriverJobs({ jobs: jobStore, clock: infra.clock, logger: infra.logger, relay });
    const manage = new ManageDrivers({ drivers, audit, geo, clock: infra.clock, relay, suspendedJobs });
    let sweeper: NodeJS.Timeout | undefined;
    return {
      routes: (app) => {
        quoteRoutes(app, { priceMove, geo });
        internalQuoteRoutes(app, { priceMove, drivers });
        holdRoutes(app, { drivers, slots, clock: infra.clock });
        driverPhotoRoutes(app, { drivers });
        if (config.jwt) {
          const staffOnly = requireStaff(config.jwt, infra.clock);
          // Every driver route: a driver token, of a driver not suspended (read on each request).
          const driverOnly = activeDriverOnly(requireDriver(config.jwt, infra.clock), drivers);
          jobRoutes(app, { jobs, reassign: new ReassignJob({ jobs: jobStore, drivers, slots, priceMove, clock: infra.clock, logger: infra.logger, responseMinutes: config.jobResponseMinutes, relay }), staffOnly, driverOnly });
          driverSelfRoutes(app, { manage, driverOnly });
          driverAdminRoutes(app, { manage, suspendedJobs, staffOnly });
        }
      },
      subscriptions: quoteSubscriptions({ time: new BookedDriverTime({ drivers, slots, logger: infra.logger }), jobs, audit, drivers, suspendedJobs }),
      async start() {
        await audit.ensureIndexes();
        // Before serving and seeding: the unique e-mail index is what keeps two drivers off one address.
        await drivers.ensureIndexes(infra.logger);
        // Before serving: without the unique index two checkouts could hold one driver's hour.
        await slots.ensureIndexes();
        await jobStore.ensureIndexes();
        sweeper = setInterval(() => void jobs.sweep().catch((err) => infra.logger.warn({ err: String(err) }, 'job sweep failed')), JOB_SWEEP_MS);
        sweeper.unref();
        await relay.start();
        if (config.seedDemoDrivers) {
          const added = await manage.seed(DEMO_DRIVERS);
          if (added) infra.logger.info({ added }, 'demo drivers seeded');
        }
      },
      async stop() {
        clearInterval(sweeper);
        await relay.stop();
      },
    };
  },
};
