import {
  INTERNAL_PATHS,
  isInternalPriceResponse,
  type InternalPriceRequest,
  type InternalPriceResponse,
} from '@vanhop/contracts';
import type { InternalHttpClient } from '@vanhop/platform';
import { quoteServiceClient } from './quote-http.js';
import type { PricingContext, QuotePricer, ServerPrice } from '../domain/ports.js';

/** Asks the quote service for the server's price (POST /internal/quotes/price). */
export class HttpQuotePricer implements QuotePricer {
  private readonly http: InternalHttpClient;

  constructor(baseUrl: string, timeoutMs: number) {
    this.http = quoteServiceClient(baseUrl, timeoutMs);
  }

  async price(request: Record<string, unknown>, driverId?: string, context: PricingContext = {}): Promise<ServerPrice> {
    const body: InternalPriceRequest = {
      ...request,
      ...(driverId ? { driverId } : {}),
      ...(context.bookingId ? { bookingId: context.bookingId } : {}),
      ...(context.bookedCard ? { bookedCard: context.bookedCard } : {}),
      ...(context.outsideDriverHours ? { outsideDriverHours: true } : {}),
    };
    // The quote service's validation answers are the customer's own mistakes: they pass on as they are.
    const priced = await this.http.post<InternalPriceResponse>(INTERNAL_PATHS.price, body, {
      accept: isInternalPriceResponse,
      fallback: { invalid: 'The quote is invalid', conflict: 'The quote cannot be priced any more' },
      // Pricing changes nothing: asked again when the quote service is slow or busy.
      idempotent: true,
    });
    return {
      quote: priced.quote,
      driver: priced.driver ?? null,
      totalPricePence: Number(priced.totalPricePence),
      pricePerHalfHourPence: Number(priced.pricePerHalfHourPence),
      request: priced.request ?? request,
      card: priced.card ?? null,
      ...(priced.outsideDriverHours ? { outsideDriverHours: true } : {}),
    };
  }
}
