import { INTERNAL_PATHS, isPayBalanceResponse, type PayBalanceResponse } from '@vanhop/contracts';
import { InternalHttpClient } from '@vanhop/platform';
import type { BalanceCheckouts } from '../domain/ports.js';

/** Asks the payment service to open the balance checkout (POST /internal/payments/balance). */
export class HttpBalanceCheckouts implements BalanceCheckouts {
  private readonly http: InternalHttpClient;

  constructor(baseUrl: string, timeoutMs = 25_000) {
    this.http = new InternalHttpClient({
      service: 'payment',
      baseUrl,
      timeoutMs,
      // The payment service's own 502 (the provider failed) says what went wrong: keep its words.
      unavailable: (detail, answer) =>
        answer?.status === 502 && answer.message ? answer.message : `Payment service ${detail}`,
    });
  }

  async open(bookingId: string): Promise<PayBalanceResponse> {
    const opened = await this.http.post(
      INTERNAL_PATHS.balanceCheckout,
      { bookingId },
      {
        accept: isPayBalanceResponse,
        fallback: { conflict: 'Nothing is left to pay for this booking.', notFound: 'Booking not found' },
      },
    );
    return { url: opened.url, sessionId: opened.sessionId };
  }
}
