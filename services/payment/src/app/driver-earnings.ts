import {
  EARNINGS_MSG,
  londonWeekOf,
  percentToBps,
  weekText,
  type CommissionRateView,
  type EarningsStatement,
  type PayoutView,
} from '@vanhop/contracts';
import { ConflictError, NotFoundError, type Clock, type Logger } from '@vanhop/platform';
import type { EarningsRepository } from '../domain/ports.js';
import { currentDriver, type DriverRef, type JobFacts } from '../domain/earnings.js';
import { buildStatement, buildStatementAndClaim } from '../domain/earnings-statement.js';
import { payoutKey, payoutView, type Payout, type PayoutProvider } from '../domain/payouts.js';

/** The driver as any fact of a job names them (a driver whose only jobs left them still has clawbacks to settle). */
const anyDriverRef =
  (driverId: string) =>
  (j: JobFacts): DriverRef | null => {
    if (j.confirmed?.driver?.id === driverId) return j.confirmed.driver;
    return (
      Object.values(j.reassignments ?? {})
        .map((r) => r.value)
        .find((v): v is DriverRef => v?.id === driverId) ?? null
    );
  };

/** Statements, the commission rate and payouts: what staff and drivers do with the earnings ledger. */
export class DriverEarnings {
  constructor(
    private readonly repo: EarningsRepository,
    private readonly payouts: PayoutProvider,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async statement(driverId: string, week?: string): Promise<EarningsStatement> {
    const now = this.clock.now();
    const w = week ?? londonWeekOf(now);
    const [jobs, payouts] = await Promise.all([this.repo.jobsOfDriver(driverId), this.repo.payoutsOfDriver(driverId)]);
    return buildStatement({ driverId, week: w, jobs, payouts, payoutMode: this.payouts.name, now });
  }

  rate(): Promise<CommissionRateView> {
    return this.repo.rate();
  }

  setRate(ratePercent: number, by: string): Promise<CommissionRateView> {
    return this.repo.setRate({ rateBps: percentToBps(ratePercent), by, at: this.clock.now().toISOString() });
  }

  /**
   * Pays the driver what the week owes them for work done: only its jobs the driver marked done
   * and past the cooling-off period, less clawbacks outstanding from earlier weeks. A week not
   * begun yet is refused. A payout left pending (the provider failed, or a crash) is retried first
   * under its own key; otherwise a new one is claimed under the next key. Two clicks at once claim
   * the same key: one document, one transfer.
   */
  async payOut(driverId: string, week: string, by: string): Promise<PayoutView> {
    const now = this.clock.now();
    if (week > londonWeekOf(now)) throw new ConflictError(EARNINGS_MSG.futureWeek(weekText(week)));
    const jobs = await this.repo.jobsOfDriver(driverId);
    const driver =
      jobs.map(currentDriver).find((d) => d?.id === driverId) ?? jobs.map(anyDriverRef(driverId)).find((d) => d);
    if (!driver) throw new NotFoundError('This driver has no jobs in the earnings ledger');
    const all = await this.repo.payoutsOfDriver(driverId);
    const earlier = all.filter((p) => p.week === week);
    let payout = earlier.find((p) => p.status === 'pending');
    if (!payout) {
      const { claim: owed, waiting } = buildStatementAndClaim({
        driverId,
        week,
        jobs,
        payouts: all,
        payoutMode: this.payouts.name,
        now,
      });
      if (owed.amountPence <= 0)
        throw new ConflictError(waiting ? EARNINGS_MSG.nothingPayableYet(weekText(week)) : EARNINGS_MSG.nothingOwed);
      const claim: Payout = {
        _id: payoutKey(driverId, week, earlier.length + 1),
        driverId,
        week,
        jobs: owed.jobs,
        clawbacks: owed.clawbacks,
        amountPence: owed.amountPence,
        status: 'pending',
        provider: this.payouts.name,
        ref: null,
        by,
        at: now.toISOString(),
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
