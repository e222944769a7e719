import type { Express, RequestHandler, Response } from 'express';
import {
  commissionRateUpdateSchema,
  earningsDriverParamsSchema,
  earningsWeekQuerySchema,
  payoutRequestSchema,
  type EarningsStatement,
} from '@vanhop/contracts';
import { route, signedInDriver, signedInStaff, validated } from '@vanhop/platform';
import type { DriverEarnings } from '../app/driver-earnings.js';
import { statementCsv, statementFilename } from '../domain/earnings-statement.js';

const byDriverId = validated(earningsDriverParamsSchema, 'params', {
  invalid: { message: 'Invalid driver id', fields: { driverId: 'Invalid driver id' } },
});
const driverIdOf = (res: Response): string => byDriverId.of(res).driverId;

const sendCsv = (res: Response, s: EarningsStatement) =>
  res
    .set('Cache-Control', 'no-store')
    .type('text/csv; charset=utf-8')
    .attachment(statementFilename(s.driverId, s.week))
    .send(statementCsv(s));

const commissionRate = validated(commissionRateUpdateSchema, 'body', { what: 'Commission rate' });
const payout = validated(payoutRequestSchema, 'body', { what: 'Payout' });

/**
 * Driver earnings: staff (`/api/earnings/admin/...`: the commission rate, any driver's statement,
 * payouts) and the driver's own statement (`/api/driver/earnings`, the driver id from the token only).
 */
export function earningsRoutes(
  app: Express,
  deps: { earnings: DriverEarnings; staffOnly: RequestHandler; driverOnly: RequestHandler },
): void {
  const admin = '/api/earnings/admin';
  const week = validated(earningsWeekQuerySchema, 'query', { what: 'Statement' });
  const weekOf = (res: Response) => week.of(res).week;

  app.get(
    `${admin}/rate`,
    deps.staffOnly,
    route(async (_req, res) => res.set('Cache-Control', 'no-store').json(await deps.earnings.rate())),
  );
  app.put(
    `${admin}/rate`,
    deps.staffOnly,
    commissionRate,
    route(async (_req, res) =>
      res.json(await deps.earnings.setRate(commissionRate.of(res).ratePercent, signedInStaff(res).username)),
    ),
  );
  app.get(
    `${admin}/drivers/:driverId`,
    deps.staffOnly,
    week,
    byDriverId,
    route(async (_req, res) =>
      res.set('Cache-Control', 'no-store').json(await deps.earnings.statement(driverIdOf(res), weekOf(res))),
    ),
  );
  app.get(
    `${admin}/drivers/:driverId/statement.csv`,
    deps.staffOnly,
    week,
    byDriverId,
    route(async (_req, res) => sendCsv(res, await deps.earnings.statement(driverIdOf(res), weekOf(res)))),
  );
  app.post(
    `${admin}/drivers/:driverId/payouts`,
    deps.staffOnly,
    payout,
    byDriverId,
    route(async (_req, res) =>
      res.json(await deps.earnings.payOut(driverIdOf(res), payout.of(res).week, signedInStaff(res).username)),
    ),
  );

  app.get(
    '/api/driver/earnings',
    deps.driverOnly,
    week,
    route(async (_req, res) =>
      res.set('Cache-Control', 'no-store').json(await deps.earnings.statement(signedInDriver(res).sub, weekOf(res))),
    ),
  );
  app.get(
    '/api/driver/earnings/statement.csv',
    deps.driverOnly,
    week,
    route(async (_req, res) => sendCsv(res, await deps.earnings.statement(signedInDriver(res).sub, weekOf(res)))),
  );
}
