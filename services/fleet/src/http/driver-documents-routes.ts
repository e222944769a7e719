import type { Express, RequestHandler } from 'express';
import {
  driverDocumentsSchema,
  driverWeekQuerySchema,
  staffDriverIdsOf,
  staffDriverIdsQuerySchema,
} from '@vanhop/contracts';
import { route, signedInStaff, validated } from '@vanhop/platform';
import type { DriverCalendar } from '../app/driver-calendar.js';
import type { DriverDocuments } from '../app/driver-documents.js';
import type { ConflictAlerts } from '../app/conflict-alerts.js';
import { byDriverId, driverIdOf } from './driver-id-param.js';

const staffDriverIds = validated(staffDriverIdsQuerySchema, 'query');
const documents = validated(driverDocumentsSchema, 'body', { what: 'Documents' });
const weekQuery = validated(driverWeekQuerySchema, 'query', { what: 'Calendar' });

/**
 * Staff routes of a driver's compliance documents and week calendar (`/api/drivers/admin/...`),
 * behind the staff token at the gateway and again here. Mounted before the driver routes' `/:id`.
 */
export function driverDocumentsRoutes(
  app: Express,
  deps: {
    documents: DriverDocuments;
    calendar: DriverCalendar;
    staffOnly: RequestHandler;
    /** The office is alerted of each job a document now lapses before. */
    alerts?: Pick<ConflictAlerts, 'check'>;
  },
): void {
  const base = '/api/drivers/admin';

  // The badges of the staff drivers' list: the page's drivers (?ids=a,b), or every driver.
  app.get(
    `${base}/documents`,
    deps.staffOnly,
    staffDriverIds,
    route(async (_req, res) => {
      const ids = staffDriverIdsOf(staffDriverIds.of(res));
      res.set('Cache-Control', 'no-store').json(await deps.documents.list(ids));
    }),
  );

  app.get(
    `${base}/:id/documents`,
    deps.staffOnly,
    byDriverId,
    route(async (_req, res) => res.set('Cache-Control', 'no-store').json(await deps.documents.view(driverIdOf(res)))),
  );

  app.put(
    `${base}/:id/documents`,
    deps.staffOnly,
    documents,
    byDriverId,
    route(async (_req, res) => {
      const id = driverIdOf(res);
      const saved = await deps.documents.save(id, documents.of(res), signedInStaff(res).username);
      await deps.alerts?.check(id);
      res.json(saved);
    }),
  );

  app.get(
    `${base}/:id/calendar`,
    deps.staffOnly,
    weekQuery,
    byDriverId,
    route(async (_req, res) => {
      const id = driverIdOf(res);
      res.set('Cache-Control', 'no-store').json(await deps.calendar.week(id, weekQuery.of(res).week));
    }),
  );
}
