import { InternalHttpClient } from '@vanhop/platform';

/** The booking service's one way to call the quote service's internal routes. */
export const quoteServiceClient = (baseUrl: string, timeoutMs: number): InternalHttpClient =>
  new InternalHttpClient({
    service: 'quote',
    baseUrl,
    timeoutMs,
    unavailable: (detail) => `Quote service ${detail}`,
  });
