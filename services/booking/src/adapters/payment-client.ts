import type { PayBalanceResponse } from '@vanhop/contracts';
import { ConflictError, NotFoundError, UpstreamError } from '@vanhop/platform';
import type { BalanceCheckouts } from '../app/pay-balance.js';

/** Asks the payment service to open the balance checkout (POST /internal/payments/balance). */
export class HttpBalanceCheckouts implements BalanceCheckouts {
  constructor(private readonly baseUrl: string, private readonly timeoutMs = 25_000) {}

  async open(bookingId: string): Promise<PayBalanceResponse> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/internal/payments/balance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ bookingId }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new UpstreamError(`Payment service unreachable: ${(err as Error).name}`);
    }
    const body = (await res.json().catch(() => ({}))) as { message?: string } & Partial<PayBalanceResponse>;
    if (res.status === 409) throw new ConflictError(body.message ?? 'Nothing is left to pay for this booking.');
    if (res.status === 404) throw new NotFoundError(body.message ?? 'Booking not found');
    if (!res.ok || typeof body.url !== 'string' || typeof body.sessionId !== 'string') {
      throw new UpstreamError(body.message && res.status === 502 ? body.message : `Payment service answered HTTP ${res.status}`);
    }
    return { url: body.url, sessionId: body.sessionId };
  }
}
