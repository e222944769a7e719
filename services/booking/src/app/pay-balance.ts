import { BALANCE_SETTLED_ON_DAY, paidOnDayText, type PayBalanceResponse } from '@vanhop/contracts';
import { ConflictError } from '@vanhop/platform';
import { ruleFacts } from '../domain/lifecycle.js';
import type { BookingLifecycleWriter } from './booking-lifecycle-writer.js';
import { balanceOfRecord } from './view-my-move.js';
import type { BalanceCheckouts } from '../domain/ports.js';

/**
 * Pay the balance online. Booking only decides whether there is one to pay; the payment service
 * reads the amount back from booking and opens (or offers again) the checkout for it.
 */
export class PayBalance {
  constructor(
    private readonly lifecycle: BookingLifecycleWriter,
    private readonly checkouts: BalanceCheckouts,
  ) {}

  async execute(token: unknown): Promise<PayBalanceResponse> {
    const record = await this.lifecycle.byToken(token);
    const f = ruleFacts(record);
    if (f.state !== 'active')
      throw new ConflictError(
        f.state === 'cancelled' ? 'This booking is cancelled.' : 'Give the postponed booking its new date first.',
      );
    if (f.paymentStatus === 'unpaid')
      throw new ConflictError('This booking is not paid yet: book it from your quote first.');
    const settled = record.daySettlement;
    if (balanceOfRecord(record) <= 0)
      throw new ConflictError(
        settled && settled.method !== 'none' && settled.amountPence > 0
          ? BALANCE_SETTLED_ON_DAY(paidOnDayText(settled))
          : 'Nothing is left to pay for this booking.',
      );
    return this.checkouts.open(record._id);
  }
}
