import type { Express, RequestHandler } from 'express';
import {
  driverCreateSchema,
  driverPatchSchema,
  driverSuspendSchema,
  staffDriverPageQuerySchema,
  STAFF_LEGACY_LIST_MAX,
} from '@vanhop/contracts';
import { route, signedInStaff, validate, validated, ValidationError } from '@vanhop/platform';
import type { ManageDrivers } from '../app/manage-drivers.js';
import type { SuspendedDriverJobs } from '../app/suspended-driver-jobs.js';
import type { PageDrivers } from '../app/page-drivers.js';
import { byDriverId, driverIdOf } from './driver-id-param.js';

/** `?version=3` or a body `version`: the version the editor read (optional; 409 when stale). */
function expectedVersion(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new ValidationError('version must be a whole number', { version: 'version must be a whole number' });
  return value;
}

const pageQuery = validated(staffDriverPageQuerySchema, 'query', { what: 'List' });
const newDriver = validated(driverCreateSchema, 'body', { what: 'Driver' });
const suspension = validated(driverSuspendSchema, 'body', { what: 'Suspension', emptyWhenAbsent: true });

/**
 * Staff Drivers pages (`/api/drivers/admin/*`): a staff token at the gateway and again here,
 * since the service is reachable inside the cluster. Every change names the signed-in staff
 * member in the audit log. Suspending also hands the driver's upcoming jobs to the next free
 * drivers, or back to the office (ManageDrivers.setActive); `upcoming-jobs` lists them first, for
 * the confirmation.
 */
export function driverAdminRoutes(
  app: Express,
  deps: {
    manage: ManageDrivers;
    suspendedJobs: Pick<SuspendedDriverJobs, 'upcoming'>;
    staffOnly: RequestHandler;
    page: PageDrivers;
  },
): void {
  const base = '/api/drivers/admin';
  app.use(base, deps.staffOnly);

  const page = deps.page;
  // The whole list kept for other clients: the first STAFF_LEGACY_LIST_MAX drivers by name.
  app.get(
    base,
    route(async (_req, res) => res.json((await page.execute({ pageSize: STAFF_LEGACY_LIST_MAX })).items)),
  );

  // A page of the list by name, or a search by name or postcode: ?q=&status=active|suspended&pageSize=&after=
  app.get(
    `${base}/page`,
    pageQuery,
    route(async (_req, res) => {
      res.set('Cache-Control', 'no-store').json(await page.execute(pageQuery.of(res)));
    }),
  );

  app.get(
    `${base}/audit`,
    route(async (_req, res) => res.json(await deps.manage.auditRecent())),
  );

  app.post(
    base,
    newDriver,
    route(async (_req, res) => {
      res.status(201).json(await deps.manage.create(newDriver.of(res), signedInStaff(res).username));
    }),
  );

  app.get(
    `${base}/:id`,
    byDriverId,
    route(async (_req, res) => res.json(await deps.manage.get(driverIdOf(res)))),
  );

  app.get(
    `${base}/:id/audit`,
    byDriverId,
    route(async (_req, res) => res.json(await deps.manage.auditFor(driverIdOf(res)))),
  );

  // What suspending would take from the driver: the suspend confirmation lists these jobs.
  app.get(
    `${base}/:id/upcoming-jobs`,
    byDriverId,
    route(async (_req, res) => {
      const id = driverIdOf(res);
      await deps.manage.get(id);
      res.set('Cache-Control', 'no-store').json(await deps.suspendedJobs.upcoming(id));
    }),
  );

  app.patch(
    `${base}/:id`,
    byDriverId,
    route(async (req, res) => {
      const id = driverIdOf(res);
      // Checked before the patch, in words of its own: the patch schema does not name the version.
      const version = expectedVersion((req.body as Record<string, unknown> | undefined)?.version);
      const patch = await validate(driverPatchSchema, req.body, 'Driver');
      res.json(await deps.manage.update(id, patch, version, signedInStaff(res).username));
    }),
  );

  app.post(
    `${base}/:id/suspend`,
    byDriverId,
    suspension,
    route(async (_req, res) => {
      const { reason } = suspension.of(res);
      res.json(await deps.manage.setActive(driverIdOf(res), false, signedInStaff(res).username, reason));
    }),
  );

  app.post(
    `${base}/:id/reactivate`,
    byDriverId,
    route(async (_req, res) => {
      res.json(await deps.manage.setActive(driverIdOf(res), true, signedInStaff(res).username));
    }),
  );
}
