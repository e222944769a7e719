import type { BookingRef } from '../domain/booking-directory.js';
import type { Payment } from '../domain/payment.js';
import type { PaymentRepository } from '../domain/ports.js';

/** The card payment a paying page asks about: the intent it names, else the booking's latest intent. */
export class FindCardPayment {
  constructor(private readonly payments: PaymentRepository) {}

  execute(ref: BookingRef, paymentIntentId: string | undefined): Promise<Payment | null> {
    return paymentIntentId
      ? this.payments.byRef(paymentIntentId)
      : this.payments.latestIntent('id' in ref ? { bookingId: ref.id } : { randomNumber: ref.code });
  }
}
