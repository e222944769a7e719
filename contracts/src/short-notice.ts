/**
 * The short-notice fee: a driver adds it when the move starts within their notice of the moment it
 * is priced (docs/PRICING.md). Each driver sets their own; these are the house card's, which most
 * drivers keep, and what the date picker announces before any driver is chosen.
 */
export const SHORT_NOTICE = { withinMinutes: 120, feePence: 2000 } as const;

/** Whether a start chosen now would be priced as short notice on the house card. */
export const isShortNoticeStart = (start: Date, now: Date): boolean =>
  start.getTime() - now.getTime() < SHORT_NOTICE.withinMinutes * 60_000;

/** The date picker's note beside the times that carry the fee. */
export const shortNoticeHint = (fee: string): string =>
  `Times marked "short notice" start within 2 hours: most drivers add a ${fee} short-notice fee, shown in each quote.`;

/** The new date's price on My move when it includes the fee. */
export const shortNoticeInPriceText = (fee: string): string =>
  `This includes a ${fee} short-notice fee: the new time starts within your driver's notice.`;
