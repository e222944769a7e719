/**
 * How long a driver has to answer an offer. A move far off gets the full JOB_RESPONSE_MINUTES; a
 * move close by gets less, so a booking never sits waiting on one driver while its day comes: at
 * most a quarter of the time left to the move, and the answer is due a margin before the move
 * starts, leaving the next driver (or the office) time to take it. A driver always gets a few
 * minutes to answer, never past the move's start.
 */
export const OFFER_SHARE_OF_TIME_LEFT = 1 / 4;
export const OFFER_MARGIN_BEFORE_MOVE_MS = 2 * 60 * 60_000;
export const OFFER_MINIMUM_ANSWER_MS = 15 * 60_000;

export function offerDeadline(now: Date, responseMinutes: number, moveStart: string): Date {
  const at = now.getTime();
  const usual = at + responseMinutes * 60_000;
  const start = Date.parse(moveStart);
  // A date that cannot be read, or a move already started, leaves the usual deadline.
  if (!Number.isFinite(start) || start <= at) return new Date(usual);
  const shrunk = Math.min(usual, at + (start - at) * OFFER_SHARE_OF_TIME_LEFT, start - OFFER_MARGIN_BEFORE_MOVE_MS);
  return new Date(Math.min(Math.max(shrunk, at + OFFER_MINIMUM_ANSWER_MS), start, usual));
}
