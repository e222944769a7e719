import type {
  BalancePaid,
  BookingAmended,
  BookingCancelled,
  BookingConfirmed,
  BookingReactivated,
  JobProgressed,
  JobReassigned,
  JobReturned,
  RefundIssued,
} from '@vanhop/contracts';
import type { EarningsRepository } from '../domain/ports.js';
import { factKey, type DriverRef } from '../domain/earnings.js';

const driverRef = (d: { id: string; name: string; email: string }): DriverRef => ({
  id: d.id,
  name: d.name,
  email: d.email,
});
const seen = (driverId: string) => ({ [`drivers.${factKey(driverId)}`]: true });

/**
 * Feeds the earnings ledger from booking and job events. Each event sets its fact under a key of
 * its own (payment reference, refund id, event id), so a redelivery sets the same value again and
 * events arriving in any order add up to the same job. The commission rate is read when the
 * confirmation is first applied and kept (the write is conditional on no confirmation yet).
 */
export class EarningsLedger {
  constructor(private readonly repo: EarningsRepository) {}

  async confirmed(e: BookingConfirmed, at: string): Promise<void> {
    const { rateBps } = await this.repo.rate();
    const driver = e.driver ? driverRef(e.driver) : null;
    await this.repo.setFacts(
      e.bookingId,
      {
        randomNumber: e.randomNumber,
        confirmed: {
          at,
          driver,
          moveDate: e.move.date,
          totalPricePence: e.totalPricePence,
          depositPence: e.amountPaidPence,
          rateBps,
        },
        ...(driver ? seen(driver.id) : {}),
      },
      { confirmed: { $exists: false } },
    );
  }

  balancePaid(e: BalancePaid): Promise<void> {
    return this.repo.setFacts(e.bookingId, { [`balancePayments.${factKey(e.providerRef)}`]: e.amountPence });
  }

  refundIssued(e: RefundIssued): Promise<void> {
    // A payment the booking never counted (a second deposit) given back changes nothing it kept.
    if (e.unneededPayment) return Promise.resolve();
    return this.repo.setFacts(e.bookingId, { [`refunds.${factKey(e.refundId)}`]: e.amountPence });
  }

  cancelled(e: BookingCancelled): Promise<void> {
    return this.repo.setFacts(e.bookingId, { cancelledAt: e.cancelledAt }, { cancelledAt: { $exists: false } });
  }

  reassigned(e: JobReassigned, eventId: string): Promise<void> {
    const officeBears = e.officeBearsPence && e.officeBearsPence > 0 ? { officeBearsPence: e.officeBearsPence } : {};
    return this.repo.setFacts(e.bookingId, {
      [`reassignments.${factKey(eventId)}`]: { at: e.at, value: { ...driverRef(e.driver), ...officeBears } },
      ...seen(e.driver.id),
    });
  }

  /** The job went back to the office (declined, lapsed, suspended): it leaves the driver's statement. */
  returned(e: JobReturned, eventId: string): Promise<void> {
    return this.repo.setFacts(e.bookingId, { [`reassignments.${factKey(eventId)}`]: { at: e.at, value: null } });
  }

  /** The driver marked the move done, with what the customer paid them on the day when they recorded it. */
  progressed(e: JobProgressed): Promise<void> {
    if (e.step !== 'done') return Promise.resolve();
    return this.repo.setFacts(e.bookingId, {
      done: { at: e.at, driverId: e.driver.id },
      ...(e.collected ? { collectedOnDay: { method: e.collected.method, amountPence: e.collected.amountPence } } : {}),
      ...(e.extras ? { extrasOnDayPence: e.extras.amountPence } : {}),
    });
  }

  /** A new price (and maybe date) after staff amended the move or a postponed move got a new date. */
  repriced(e: BookingAmended | BookingReactivated, eventId: string, at: string): Promise<void> {
    return this.repo.setFacts(e.bookingId, {
      [`reprices.${factKey(eventId)}`]: { at, value: { totalPricePence: e.totalPricePence, moveDate: e.move.date } },
    });
  }
}
