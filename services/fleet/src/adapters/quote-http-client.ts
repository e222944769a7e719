import { InternalHttpClient, type Logger } from '@vanhop/platform';

/**
 * The HTTP client fleet asks quote with (ranking, geocoding). The default timeout is booking's
 * QUOTE_TIMEOUT_MS: pricing every driver free for a move can take seconds on a busy machine.
 */
export function quoteHttpClient(baseUrl: string, logger?: Logger, timeoutMs = 10_000): InternalHttpClient {
  return new InternalHttpClient({
    service: 'quote',
    baseUrl,
    timeoutMs,
    ...(logger ? { logger } : {}),
    unavailable: (detail) => `Quote service ${detail}`,
  });
}
