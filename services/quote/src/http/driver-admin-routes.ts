import type { Express, RequestHandler } from 'express';
import { driverCreateSchema, driverPatchSchema, driverSuspendSchema } from '@vanhop/contracts';
import { route, signedInStaff, validate, ValidationError } from '@vanhop/platform';
import type { ManageDrivers } from '../app/manage-drivers.js';
import type { SuspendedDriverJobs } from '../app/suspended-driver-jobs.js';

const DRIVER_ID = /^drv-[\w-]{1,60}$/;

export const driverIdParam = (value: unknown): string => {
  if (typeof value !== 'string' || !DRIVER_ID.test(value))
    throw new ValidationError('Invalid driver id', { id: 'Invalid driver id' });
  return value;
};

/** `?version=3` or a body `version`: the version the editor read (optional; 409 when stale). */
function expectedVersion(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    throw new ValidationError('version must be a whole number', { version: 'version must be a whole number' });
  return value;
}

/**
 * Staff Drivers pages (`/api/drivers/admin/*`): a staff token at the gateway and again here,
 * since the service is reachable inside the cluster. Every change names the signed-in staff
 * member in the audit log. Suspending also puts the driver's upcoming jobs back with the office
 * (ManageDrivers.setActive); `upcoming-jobs` lists them first, for the confirmation.
 */
export function driverAdminRoutes(
  app: Express,
  deps: { manage: ManageDrivers; suspendedJobs: Pick<SuspendedDriverJobs, 'upcoming'>; staffOnly: RequestHandler },
): void {
  const base = '/api/drivers/admin';
  app.use(base, deps.staffOnly);

  app.get(
    base,
    route(async (_req, res) => res.json(await deps.manage.list())),
  );

  app.get(
    `${base}/audit`,
    route(async (_req, res) => res.json(await deps.manage.auditRecent())),
  );

  app.post(
    base,
    route(async (req, res) => {
      const input = await validate(driverCreateSchema, req.body, 'Driver');
      res.status(201).json(await deps.manage.create(input, signedInStaff(res).username));
    }),
  );

  app.get(
    `${base}/:id`,
    route(async (req, res) => res.json(await deps.manage.get(driverIdParam(req.params.id)))),
  );

  app.get(
    `${base}/:id/audit`,
    route(async (req, res) => res.json(await deps.manage.auditFor(driverIdParam(req.params.id)))),
  );

  // What suspending would put back with the office: the suspend confirmation lists these jobs.
  app.get(
    `${base}/:id/upcoming-jobs`,
    route(async (req, res) => {
      const id = driverIdParam(req.params.id);
      await deps.manage.get(id);
      res.set('Cache-Control', 'no-store').json(await deps.suspendedJobs.upcoming(id));
    }),
  );

  app.patch(
    `${base}/:id`,
    route(async (req, res) => {
      const id = driverIdParam(req.params.id);
      const version = expectedVersion((req.body as Record<string, unknown> | undefined)?.version);
      const patch = await validate(driverPatchSchema, req.body, 'Driver');
      res.json(await deps.manage.update(id, patch, version, signedInStaff(res).username));
    }),
  );

  app.post(
    `${base}/:id/suspend`,
    route(async (req, res) => {
      const id = driverIdParam(req.params.id);
      const { reason } = await validate(driverSuspendSchema, req.body ?? {}, 'Suspension');
      res.json(await deps.manage.setActive(id, false, signedInStaff(res).username, reason));
    }),
  );

  app.post(
    `${base}/:id/reactivate`,
    route(async (req, res) => {
      res.json(await deps.manage.setActive(driverIdParam(req.params.id), true, signedInStaff(res).username));
    }),
  );
}
