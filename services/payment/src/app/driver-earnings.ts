import {
  EARNINGS_MSG,
  londonWeekOf,
  percentToBps,
  type CommissionRateView,
  type EarningsStatement,
  type PayoutView,
} from '@vanhop/contracts';
import { ConflictError, NotFoundError, type Clock, type Logger } from '@vanhop/platform';
import type { EarningsRepository } from '../domain/ports.js';
import { currentDriver } from '../domain/earnings.js';
import { buildStatement } from '../domain/earnings-statement.js';
import { payoutKey, payoutView, type Payout, type PayoutProvider } from '../domain/payouts.js';

/** Statements, the commission rate and payouts: what staff and drivers do with the earnings ledger. */
export class DriverEarnings {
  constructor(
    private readonly repo: EarningsRepository,
    private readonly payouts: PayoutProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async statement(driverId: string, week?: string): Promise<EarningsStatement> {
    const w = week ?? londonWeekOf(this.clock.now());
    const [jobs, payouts] = await Promise.all([this.repo.jobsOfDriver(driverId), this.repo.payoutsOf(driverId, w)]);
    return buildStatement({ driverId, week: w, jobs, payouts: payouts.map(payoutView), payoutMode: this.payouts.name });
  }

  rate(): Promise<CommissionRateView> {
    return this.repo.rate();
  }

  setRate(ratePercent: number, by: string): Promise<CommissionRateView> {
    return this.repo.setRate({ rateBps: percentToBps(ratePercent), by, at: this.clock.now().toISOString() });
  }

  /**
   * Pays the driver what the week still owes them. A payout left pending (the provider failed, or
   * a crash) is retried first under its own key; otherwise a new one is claimed under the next key.
   * Two clicks at once claim the same key: one document, one transfer.
   */
  async payOut(driverId: string, week: string, by: string): Promise<PayoutView> {
    const jobs = await this.repo.jobsOfDriver(driverId);
    const driver = jobs.map(currentDriver).find((d) => d?.id === driverId);
    if (!driver) throw new NotFoundError('This driver has no jobs in the earnings ledger');
    const earlier = await this.repo.payoutsOf(driverId, week);
    let payout = earlier.find((p) => p.status === 'pending');
    if (!payout) {
      const s = buildStatement({
        driverId,
        week,
        jobs,
        payouts: earlier.map(payoutView),
        payoutMode: this.payouts.name,
      });
      if (s.payablePence <= 0) throw new ConflictError(EARNINGS_MSG.nothingOwed);
      const claim: Payout = {
        _id: payoutKey(driverId, week, earlier.length + 1),
        driverId,
        week,
        amountPence: s.payablePence,
        status: 'pending',
        provider: this.payouts.name,
        ref: null,
        by,
        at: this.clock.now().toISOString(),
      };
      if (!(await this.repo.claimPayout(claim))) {
        const taken = (await this.repo.payoutsOf(driverId, week)).find((p) => p._id === claim._id)!;
        if (taken.status === 'paid') return payoutView(taken);
        payout = taken;
      } else payout = claim;
    }
    const destination = await this.payouts.accountFor(driver);
    const { ref } = await this.payouts.transfer({
      driverId,
      week,
      amountPence: payout.amountPence,
      destination,
      idempotencyKey: payout._id,
    });
    const paid = await this.repo.markPaid(payout._id, ref);
    this.logger.info(
      { driverId, week, amountPence: payout.amountPence, provider: this.payouts.name, ref },
      'driver payout made',
    );
    return payoutView(paid!);
  }
}
