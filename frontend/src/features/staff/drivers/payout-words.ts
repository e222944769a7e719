import { formatPence, weekText } from '@vanhop/contracts';

/** The question before a payout: how much, to whom, and for which week (named, never "this week"). */
export const payoutQuestion = (s: { payablePence: number; driverName?: string | null; week: string }): string =>
  `Pay ${formatPence(s.payablePence)} to ${s.driverName ?? 'this driver'} for the week ${weekText(s.week)}?`;
