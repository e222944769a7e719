import type { Clock, Logger } from '@vanhop/platform';
import { closeIdempotencyKey } from '../domain/payment.js';
import type { PaymentProvider } from '../domain/payment-provider.js';
import type { PaymentRepository } from '../domain/ports.js';
import type { ConfirmPayment } from './confirm-payment.js';

/** How many lapsed attempts one sweep closes; the next sweep takes the rest. */
const SWEEP_BATCH = 50;

/**
 * When a driver hold lapses its attempt stops taking money: a PaymentIntent has no expiry of its
 * own, so it is cancelled at the provider; a Checkout Session was created to expire with its hold
 * (closing it again is harmless); a local test checkout is closed the same way. A closed attempt
 * is marked failed and gives its driver back. One the provider was paid on meanwhile is recorded
 * (ConfirmPayment decides whether it keeps its driver or is refunded); one it cannot close yet (a
 * card still processing) is left for the next sweep.
 */
export class CloseLapsedHolds {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly provider: PaymentProvider,
    private readonly confirm: ConfirmPayment,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Closes what has lapsed by now; answers how many attempts were closed. */
  async sweep(): Promise<number> {
    let closed = 0;
    for (const attempt of await this.payments.lapsedHoldAttempts(this.clock.now(), SWEEP_BATCH)) {
      try {
        const outcome = await this.provider.close(attempt.kind, attempt._id, closeIdempotencyKey(attempt._id));
        if (outcome === 'closed') {
          await this.confirm.recordFailure(attempt, "Closed: the driver's hold lapsed before payment");
          closed++;
        } else if (outcome === 'paid') await this.confirm.settle(attempt.kind, attempt._id);
      } catch (err) {
        // The provider unreachable, or the booking service: the next sweep asks again.
        this.logger.warn({ ref: attempt._id, err: String(err) }, 'could not close a lapsed payment attempt yet');
      }
    }
    return closed;
  }
}
