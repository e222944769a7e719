import type { Quote } from '@vanhop/contracts';

/**
 * The web app saves (and pays for) the Quote it was shown, in the wire contract's field names (docs/WIRE-CONTRACT.md). Only the
 * booking facts are taken from it, mapped back to booking-data names; every money field
 * (totalPrice, totalSecond, overtime...) is dropped here and priced again by the server.
 */
export function bookingRequestFromQuote(given: Quote | Record<string, unknown>): {
  request: Record<string, unknown>;
  driverId?: string;
} {
  const quote = given as Record<string, unknown>;
  const receivedVan = (quote.yourinfo as { receivedData?: { vanSize?: unknown } } | undefined)?.receivedData?.vanSize;
  // null and '' are "not chosen" (the reference client keeps unset context fields as null), so a null
  // totalHour must not hide the `hour` option text sent beside it.
  const pick = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null && v !== '');
  const request: Record<string, unknown> = {
    addresses: pick(quote.totalAddress, quote.addresses),
    vanSize: pick(quote.typeofVan, quote.vanSize, receivedVan),
    driverHelp: pick(quote.typeOfWorker, quote.driverHelp),
    hour: pick(quote.totalHour, quote.hour),
    date: quote.date,
    description: quote.description,
    name: quote.name,
    email: quote.email,
    phone: quote.phone,
    items: quote.items,
  };
  for (const k of Object.keys(request)) if (request[k] === undefined) delete request[k];
  const driverId = typeof quote.driverId === 'string' && quote.driverId ? quote.driverId : undefined;
  return { request, driverId };
}
