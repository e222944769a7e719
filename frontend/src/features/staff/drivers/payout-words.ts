import { formatPence } from '@vanhop/contracts';

const day = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  });

/** The statement's week in words ("Mon, 23 Nov 2026 to Sun, 29 Nov 2026"): a payout dialog names it, never "this week". */
export const weekWords = (s: { week: string; weekEnd: string }): string => `${day(s.week)} to ${day(s.weekEnd)}`;

/** The question before a payout: how much, to whom, and for which week. */
export const payoutQuestion = (s: {
  payablePence: number;
  driverName?: string | null;
  week: string;
  weekEnd: string;
}): string => `Pay ${formatPence(s.payablePence)} to ${s.driverName ?? 'this driver'} for the week ${weekWords(s)}?`;
