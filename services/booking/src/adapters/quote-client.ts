import type { Quote } from '@vanhop/contracts';
import { ConflictError, UpstreamError, ValidationError } from '@vanhop/platform';
import type { QuotePricer, ServerPrice } from '../app/save-quote.js';

/** Asks the quote service for the server's price (POST /internal/quotes/price). */
export class HttpQuotePricer implements QuotePricer {
  constructor(private readonly baseUrl: string, private readonly timeoutMs: number) {}

  async price(request: Record<string, unknown>, driverId?: string): Promise<ServerPrice> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/internal/quotes/price`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(driverId ? { ...request, driverId } : request),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new UpstreamError(`Quote service unreachable: ${(err as Error).name}`);
    }
    const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> } & Partial<ServerPrice>;
    // The quote service's validation answers are the customer's own mistakes: pass them on as they are.
    if (res.status === 400) throw new ValidationError(body.message ?? 'The quote is invalid', body.errors ?? {});
    if (res.status === 409) throw new ConflictError(body.message ?? 'The quote cannot be priced any more');
    if (!res.ok || !body.quote) throw new UpstreamError(`Quote service answered HTTP ${res.status}`);
    return {
      quote: body.quote as Quote,
      driver: body.driver ?? null,
      totalPricePence: Number(body.totalPricePence),
      pricePerHalfHourPence: Number(body.pricePerHalfHourPence),
      request: body.request ?? request,
    };
  }
}
