import type { Clock } from '@vanhop/platform';
import { closeIdempotencyKey, provesAttempt, type Payment } from '../domain/payment.js';
import type { PaymentProvider } from '../domain/payment-provider.js';
import type { PaymentRepository } from '../domain/ports.js';
import type { ConfirmPayment } from './confirm-payment.js';

/** The intent id a client secret names (`<intent id>_secret_<random>`), or the proof itself (a session id). */
const refOfProof = (proof: string): string => proof.split('_secret_')[0] ?? proof;

/**
 * A customer back on the booking form to choose again abandons the checkouts their tab opened: each
 * one proved (its session id, or its card payment's client secret) and still open is closed at the
 * provider, marked failed, and gives its driver back, so their new quotes offer that driver to them
 * again (an open checkout hides its driver from every quote). One the provider was paid on stands.
 * Unknown and unproved references are ignored: the answer is the same for anyone.
 */
export class AbandonCheckouts {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly provider: PaymentProvider,
    private readonly confirm: ConfirmPayment,
    private readonly clock: Clock,
  ) {}

  async execute(proofs: readonly string[]): Promise<{ closed: number }> {
    let closed = 0;
    for (const proof of new Set(proofs)) {
      const payment = await this.payments.byRef(refOfProof(proof));
      if (!payment || !this.abandonable(payment, proof)) continue;
      const outcome = await this.provider.close(payment.kind, payment._id, closeIdempotencyKey(payment._id));
      if (outcome !== 'closed') continue;
      await this.confirm.recordFailure(payment, 'Abandoned: the customer went back to choose again');
      closed++;
    }
    return { closed };
  }

  private abandonable(payment: Payment, proof: string): boolean {
    return (
      payment.status === 'pending' &&
      (payment.purpose ?? 'deposit') === 'deposit' &&
      !!payment.holdUntil &&
      Date.parse(payment.holdUntil) > this.clock.now().getTime() &&
      provesAttempt(payment, [proof])
    );
  }
}
