import type { LocalCharge } from '../domain/local-checkout.js';
import type { LocalCharges, PaymentRepository } from '../domain/ports.js';
import type { ConfirmPayment } from './confirm-payment.js';

/**
 * The local test checkout's Pay and Fail: the charge is settled at the local provider, then the same
 * provider-confirmed fulfilment as Stripe's webhook runs, so the booking is updated even if the
 * browser never reaches the success page.
 */
export class LocalTestCheckout {
  constructor(
    private readonly charges: LocalCharges,
    private readonly payments: PaymentRepository,
    private readonly confirm: ConfirmPayment,
  ) {}

  /** The charge the TEST page shows; null when there is none. */
  find(ref: string): Promise<LocalCharge | null> {
    return this.charges.find(ref);
  }

  /** The charge as settled; null when there is no such charge. */
  async settle(ref: string, outcome: 'pay' | 'fail'): Promise<LocalCharge | null> {
    const charge = await this.charges.settle(ref, outcome === 'pay' ? 'succeeded' : 'failed');
    if (!charge) return null;
    const payment = await this.payments.byRef(ref);
    if (payment && charge.status === 'succeeded') await this.confirm.settle(payment.kind, ref);
    if (payment && charge.status === 'failed')
      await this.confirm.recordFailure(payment, 'Declined on the local test checkout');
    return charge;
  }
}
