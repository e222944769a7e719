import { LONDON_MOVE_DATE_TIME, STAIR_OPTIONS } from '@vanhop/contracts';

/** Move dates as customers read them: Europe/London, en-GB ("Saturday, 14 March 2026 at 09:30"). */
export function moveDate(iso: string): string {
  const t = Date.parse(iso);
  if (!iso || Number.isNaN(t)) return 'date to be confirmed';
  return LONDON_MOVE_DATE_TIME.format(new Date(t));
}

export function stairsLabel(flights: number): string {
  return STAIR_OPTIONS.find((o) => o.value === flights)?.label ?? `${flights} flights of stairs`;
}

/** Booked hours as "3 hours 30 minutes". */
export function hoursLabel(hours: number): string {
  const total = Math.round(hours * 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  const parts = [h ? `${h} hour${h === 1 ? '' : 's'}` : '', m ? `${m} minutes` : ''].filter(Boolean);
  return parts.join(' ') || '0 hours';
}
