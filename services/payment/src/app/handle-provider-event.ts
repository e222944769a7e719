import type { Clock, Logger } from '@vanhop/platform';
import type { PaymentProvider } from '../domain/payment-provider.js';
import type { ConfirmPayment } from './confirm-payment.js';
import type { PaymentRepository } from '../domain/ports.js';

export type WebhookResult = { received: true; duplicate?: true; outcome?: string };

/**
 * Verified provider notifications (Stripe webhooks). Duplicate deliveries are skipped on the event
 * id, and every state change below is conditional anyway, so a replay can never act twice.
 * Unknown payments and event types are acknowledged: Stripe would otherwise retry them for days.
 */
export class HandleProviderEvent {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly provider: PaymentProvider,
    private readonly confirm: ConfirmPayment,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async execute(
    rawBody: Buffer | undefined,
    signature: string | undefined,
    correlationId?: string,
  ): Promise<WebhookResult> {
    const event = this.provider.verifyEvent(rawBody ?? Buffer.alloc(0), signature);
    if (await this.payments.hasSeenEvent(event.id)) return { received: true, duplicate: true };

    let outcome = 'ignored';
    if (event.payment) {
      const payment = await this.payments.byRef(event.payment.ref);
      if (!payment) {
        this.logger.info(
          { eventId: event.id, type: event.type, ref: event.payment.ref },
          'webhook for a payment we did not open; ignored',
        );
      } else if (event.payment.outcome === 'succeeded') {
        outcome = await this.confirm.recordSuccess(payment, event.payment, correlationId);
      } else if (event.payment.outcome === 'failed') {
        await this.confirm.recordFailure(payment, event.payment.failureMessage);
        outcome = 'failed';
      }
    }
    // Marked only after handling: if we crash midway the provider redelivers and we finish the job.
    await this.payments.markEventSeen(event.id, event.type, this.clock.now());
    return { received: true, outcome };
  }
}
