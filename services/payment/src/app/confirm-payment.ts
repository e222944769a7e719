import { TOPICS, type PaymentSuccessResponse } from '@vanhop/contracts';
import {
  ConflictError,
  createEvent,
  DomainError,
  NotFoundError,
  outboxEntry,
  type Clock,
  type Logger,
  type OutboxRelay,
} from '@vanhop/platform';
import type { BookingDirectory } from '../domain/booking-directory.js';
import {
  DRIVER_TAKEN_PAYMENT_MESSAGE,
  providerVerdict,
  successAnswer,
  type Payment,
  type PaymentKind,
} from '../domain/payment.js';
import type { PaymentProvider, ProviderPaymentState } from '../domain/payment-provider.js';
import type { PaymentRepository } from '../domain/ports.js';
import type { DriverTime } from '../domain/driver-time.js';

/** 402: the provider does not (yet) report the money as taken, so nothing changed. */
export class PaymentIncompleteError extends DomainError {
  constructor(message = 'The payment has not been completed') {
    super(message, 402, 'payment_incomplete');
  }
}

export type SuccessOutcome = 'recorded' | 'already-recorded' | 'mismatch' | 'not-succeeded';

export type ConfirmedPayment = PaymentSuccessResponse;

/**
 * How long after a checkout is paid its success page still answers with the My move link. The page
 * asks for it seconds after the provider sends the customer back; the session id it asks with stays
 * in the browser's history (and wherever the address was copied), so after this it answers without
 * the link: the confirmation e-mail carries it.
 */
export const SUCCESS_PAGE_LINK_MS = 60 * 60_000;

/** A late payment that finds its driver still free holds them this long, until its confirmation keeps them. */
const LATE_PAYMENT_HOLD_MS = 30 * 60_000;

/**
 * Moves a payment to succeeded from the provider's own state and parks exactly one PaymentSucceeded
 * in its outbox. The conditional write (status not yet succeeded) is what makes the webhook, the
 * success page, updatepaymentstatus and replays race safely: only one of them matches.
 */
export class ConfirmPayment {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly provider: PaymentProvider,
    private readonly relay: OutboxRelay,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly bookings: BookingDirectory,
    private readonly driverTime: DriverTime,
  ) {}

  /**
   * Asks the provider first; answers only once the money is confirmed taken, with the booking as the
   * success page shows it (see answer).
   */
  async confirm(kind: PaymentKind, ref: string, correlationId?: string): Promise<ConfirmedPayment> {
    return this.answer(await this.settle(kind, ref, correlationId));
  }

  /** `confirm` for the checkout success page: the My move link only within SUCCESS_PAGE_LINK_MS of the payment. */
  async confirmCheckout(sessionId: string, correlationId?: string): Promise<ConfirmedPayment> {
    const payment = await this.settle('checkout', sessionId, correlationId);
    const answer = await this.answer(payment);
    // Read before this request recorded it: no date yet means it was paid just now.
    const paidAt = payment.succeededAt ? Date.parse(payment.succeededAt) : this.clock.now().getTime();
    if (this.clock.now().getTime() - paidAt <= SUCCESS_PAGE_LINK_MS) return answer;
    const { myMovePath: _link, ...withoutLink } = answer;
    return withoutLink;
  }

  /** Records the provider's confirmed success (once); throws when the money is not (yet) taken. */
  async settle(kind: PaymentKind, ref: string, correlationId?: string): Promise<Payment> {
    const payment = await this.payments.byRef(ref);
    if (!payment || payment.kind !== kind) throw new NotFoundError('No payment found for this reference');
    const state = await this.provider.retrieve(kind, ref);
    const outcome = await this.recordSuccess(payment, state, correlationId);
    if (outcome === 'mismatch') throw new ConflictError('The amount paid does not match this booking');
    if (outcome === 'not-succeeded') throw new PaymentIncompleteError();
    return payment;
  }

  /** The booking as the success page shows it (see successAnswer); a payment too late for its driver is a 409 saying so. */
  private async answer(payment: Payment): Promise<ConfirmedPayment> {
    const settled = payment.status === 'succeeded' ? payment : await this.payments.byRef(payment._id);
    if (settled?.driverTaken) throw new ConflictError(DRIVER_TAKEN_PAYMENT_MESSAGE);
    return successAnswer(payment, await this.bookings.summary(payment.bookingId));
  }

  async recordSuccess(payment: Payment, state: ProviderPaymentState, correlationId?: string): Promise<SuccessOutcome> {
    const verdict = providerVerdict(payment, state);
    if (verdict === 'not-succeeded') return 'not-succeeded';
    if (verdict === 'mismatch') {
      this.logger.error(
        { ref: payment._id, expected: payment.amountPence, got: state.amountPence, currency: state.currency },
        'provider amount differs from the booking share; not fulfilling',
      );
      return 'mismatch';
    }
    const driverTaken = await this.driverTakenMeanwhile(payment);
    const now = this.clock.now().toISOString();
    const event = await createEvent(
      TOPICS.paymentSucceeded,
      {
        bookingId: payment.bookingId,
        randomNumber: payment.randomNumber,
        percentage: payment.percentage,
        amountPence: payment.amountPence,
        currency: payment.currency,
        provider: payment.provider,
        providerRef: payment._id,
        kind: payment.purpose ?? 'deposit',
        ...(driverTaken ? { driverTaken: true } : {}),
      },
      { producer: 'payment', correlationId, clock: this.clock },
    );
    const recorded = await this.payments.markSucceededIfNot(
      payment._id,
      now,
      outboxEntry(TOPICS.paymentSucceeded, event, payment.bookingId),
      driverTaken ? { driverTaken: true } : {},
    );
    if (!recorded) return 'already-recorded';
    this.logger.info(
      { ref: payment._id, bookingId: payment.bookingId, amountPence: payment.amountPence },
      'payment succeeded',
    );
    void this.relay.kick([event.eventId]);
    return 'recorded';
  }

  /**
   * A deposit paid after its driver hold lapsed (the hold-lapse sweep had not closed it yet, or the
   * provider took it in a race with the close): the booking keeps its driver when the driver is
   * still free (held again now, until the booking's confirmation keeps the time for good); when
   * another booking took them meanwhile the payment cannot place the booking, and the booking
   * service records it and refunds it in full (the customer is mailed the refund). Only asked
   * before this payment is recorded: a replay announces what the first recording decided.
   */
  private async driverTakenMeanwhile(payment: Payment): Promise<boolean> {
    if ((payment.purpose ?? 'deposit') !== 'deposit' || !payment.holdUntil || payment.status === 'succeeded')
      return false;
    const now = this.clock.now();
    if (Date.parse(payment.holdUntil) > now.getTime()) return false;
    const record = await this.bookings.byId(payment.bookingId);
    if (record.paymentStatus !== 'unpaid' || !record.driver?.id || !record.quote.date) return false;
    try {
      const held = await this.driverTime.hold(
        record.driver.id,
        record._id,
        record.quote.date,
        record.quote.totalHour,
        new Date(now.getTime() + LATE_PAYMENT_HOLD_MS),
        payment.holder,
      );
      if ('held' in held) return false;
    } catch (err) {
      if (!(err instanceof ConflictError)) throw err;
    }
    this.logger.warn(
      { ref: payment._id, bookingId: payment.bookingId },
      "paid after the driver's hold lapsed and another booking took the driver: refunding it",
    );
    return true;
  }

  /**
   * A failure only marks an open attempt; a later success on the same intent still wins. A failed
   * (or expired) checkout gives its driver back at once, unless the booking is paid or another of
   * its attempts still holds them.
   */
  async recordFailure(payment: Payment, message: string | undefined): Promise<void> {
    const now = this.clock.now();
    await this.payments.markFailedIfPending(payment._id, message ?? 'Payment failed', now.toISOString());
    if ((payment.purpose ?? 'deposit') !== 'deposit' || !payment.holdUntil) return;
    if (
      (await this.payments.succeededFor(payment.bookingId)) ||
      (await this.payments.otherLiveHold(payment.bookingId, payment._id, now))
    )
      return;
    await this.driverTime.release(payment.bookingId);
    this.logger.info(
      { ref: payment._id, bookingId: payment.bookingId },
      'checkout failed or expired: driver hold released',
    );
  }
}
