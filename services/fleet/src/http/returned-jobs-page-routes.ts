import type { Express, RequestHandler } from 'express';
import { staffReturnedJobsPageQuerySchema } from '@vanhop/contracts';
import { route, validated } from '@vanhop/platform';
import type { ReturnedJobsPage } from '../app/returned-jobs-page.js';

const pageQuery = validated(staffReturnedJobsPageQuerySchema, 'query');

/**
 * GET /api/drivers/admin/jobs/page: the jobs back with the office a page at a time (`{items,
 * pageSize, next}`). Mounted before the staff driver routes, whose `/:id` would read "jobs" as an id.
 */
export function returnedJobsPageRoutes(
  app: Express,
  deps: { page: ReturnedJobsPage; staffOnly: RequestHandler },
): void {
  app.get(
    '/api/drivers/admin/jobs/page',
    deps.staffOnly,
    pageQuery,
    route(async (_req, res) => {
      res.json(await deps.page.page(pageQuery.of(res)));
    }),
  );
}
