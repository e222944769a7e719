/**
 * The time left to answer a job offer, as the driver reads it in the offer's text and on the portal's
 * countdown: whole minutes rounded down (never promising a minute that is not there), hours and
 * minutes past the hour. Null once the time is up.
 */
export function timeLeftText(now: Date, until: string): string | null {
  const ms = Date.parse(until) - now.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
