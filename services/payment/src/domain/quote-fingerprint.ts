import { createHash } from 'node:crypto';

/** Key order must not matter: the same quote sent twice hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Identifies "the same unsaved quote from the same client": a customer who goes back from the
 * checkout page and presses Book Now again sends exactly the same quote, and must not get a second
 * booking record; someone else sending the same quote is someone else's booking.
 */
export const quoteFingerprint = (quote: Record<string, unknown>, clientKey = ''): string =>
  createHash('sha256')
    .update(JSON.stringify([clientKey, canonical(quote)]))
    .digest('hex');
