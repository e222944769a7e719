/**
 * What each driver earns (the payment service's earnings ledger): the staff-set commission rate,
 * a driver's weekly statement (Monday to Sunday, London) and payouts of the online money owed to
 * them. Money is integer pence; rates are basis points (1500 = 15 %).
 */
import * as yup from 'yup';
import { londonDay, shiftDay } from './business-figures.js';

/** The platform's commission until staff set another rate: 15 % of what the customer paid for a job. */
export const DEFAULT_COMMISSION_RATE_BPS = 1500;
/** Staff may set 0 % to this (a rate above it is a typo, not a business decision). */
export const MAX_COMMISSION_RATE_PERCENT = 50;

export const EARNINGS_MSG = {
  rateRequired: 'Commission rate is required',
  rateNumber: 'Commission rate must be a number of percent, e.g. 15 or 12.5',
  rateRange: `Commission rate must be between 0 and ${MAX_COMMISSION_RATE_PERCENT} percent`,
  rateSteps: 'Commission rate may have at most two decimal places',
  week: 'Week must be a Monday as YYYY-MM-DD',
  nothingOwed: 'Nothing is owed to this driver for that week: no payout was made',
  futureWeek: (weekText: string) =>
    `The week of ${weekText} has not begun: a payout covers only moves the driver has done. No payout was made.`,
  nothingPayableYet: (weekText: string) =>
    `Nothing in the week of ${weekText} can be paid out yet: a payout covers only moves the driver has done, once the 1-hour cooling-off period has ended. No payout was made.`,
  localLedger: 'Recorded by the local ledger: no money moved (no Stripe key is set)',
} as const;

/** The Monday (London calendar) of the week an instant falls in, `YYYY-MM-DD`. */
export function londonWeekOf(instant: Date): string {
  const day = londonDay(instant);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return shiftDay(day, -sinceMonday);
}

const isMonday = (v: string) => {
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v && new Date(t).getUTCDay() === 1;
};

/** Staff's `/api/earnings/admin/drivers/:driverId/...`: any id of the ledger's character set. */
export const earningsDriverParamsSchema = yup.object({
  driverId: yup
    .string()
    .strict(true)
    .required('Invalid driver id')
    .matches(/^[\w-]{1,100}$/, 'Invalid driver id'),
});

/** `?week=YYYY-MM-DD` (a Monday); absent: the current week. */
export const earningsWeekQuerySchema = yup.object({
  week: yup
    .string()
    .optional()
    .matches(/^\d{4}-\d{2}-\d{2}$/, EARNINGS_MSG.week)
    .test('monday', EARNINGS_MSG.week, (v) => v === undefined || isMonday(v)),
});

export const payoutRequestSchema = yup.object({
  week: yup
    .string()
    .required(EARNINGS_MSG.week)
    .matches(/^\d{4}-\d{2}-\d{2}$/, EARNINGS_MSG.week)
    .test('monday', EARNINGS_MSG.week, (v) => !!v && isMonday(v)),
});
export type PayoutRequest = yup.InferType<typeof payoutRequestSchema>;

export const commissionRateUpdateSchema = yup.object({
  ratePercent: yup
    .number()
    .typeError(EARNINGS_MSG.rateNumber)
    .required(EARNINGS_MSG.rateRequired)
    .min(0, EARNINGS_MSG.rateRange)
    .max(MAX_COMMISSION_RATE_PERCENT, EARNINGS_MSG.rateRange)
    .test('steps', EARNINGS_MSG.rateSteps, (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6),
});
export type CommissionRateUpdate = yup.InferType<typeof commissionRateUpdateSchema>;

export const percentToBps = (percent: number): number => Math.round(percent * 100);
export const bpsToPercentText = (bps: number): string => `${(bps / 100).toFixed(2).replace(/\.?0+$/, '')} %`;

export interface CommissionRateChange {
  rateBps: number;
  by: string;
  at: string;
}
export interface CommissionRateView {
  rateBps: number;
  changes: CommissionRateChange[];
}

/** One job of the week: what the customer paid and how, and what it leaves each side. */
export interface EarningsLine {
  bookingId: string;
  randomNumber: number;
  moveDate: string;
  cancelled: boolean;
  pricePence: number;
  depositOnlinePence: number;
  balanceOnlinePence: number;
  refundedPence: number;
  /** Online money the platform keeps for the job: deposit and balance paid online less refunds. */
  onlineKeptPence: number;
  /** What the driver collects (or collected) in cash on the day. */
  cashPence: number;
  rateBps: number;
  commissionPence: number;
  /** Online kept (plus what the office bears) less commission: positive, owed to the driver; negative, the driver owes it. */
  netPence: number;
  /** What the office agreed to pay above the booked price when it reassigned the job (absent: nothing). */
  officeBearsPence?: number;
  /** How the driver recorded the balance at "done": cash or card in their hands, or none (still owed). */
  collectedOnDay?: 'cash' | 'card' | 'none';
  /** Where the line stands for payouts: waiting (not done, or in the cooling-off period), payable, or paid out. */
  payout?: { status: 'waiting' | 'payable' | 'paid'; text: string; paidOutPence: number };
}

/**
 * Money paid out for a job that is no longer owed (the job went to another driver or back to the
 * office, or the customer was refunded after the payout): taken from the driver's next payout.
 */
export interface ClawbackLine {
  bookingId: string;
  randomNumber: number;
  moveDate: string;
  reason: 'moved' | 'refunded';
  /** What is taken back (positive pence). */
  amountPence: number;
  status: 'outstanding' | 'recovered';
  /** The payout it was taken from (recovered only). */
  payoutId?: string;
  text: string;
}

export interface EarningsTotals {
  pricePence: number;
  depositOnlinePence: number;
  balanceOnlinePence: number;
  refundedPence: number;
  onlineKeptPence: number;
  cashPence: number;
  commissionPence: number;
  netPence: number;
}

/** A week in words: "23 Nov to 29 Nov 2026" (dates are London calendar days). */
export function weekText(week: string): string {
  const fmt = (day: string, withYear: boolean) =>
    new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: 'UTC',
    });
  return `${fmt(week, false)} to ${fmt(shiftDay(week, 6), true)}`;
}

export interface PayoutView {
  id: string;
  week: string;
  amountPence: number;
  status: 'pending' | 'paid';
  /** The week in words, as the payout dialog and the list name it ("23 Nov to 29 Nov 2026"). */
  weekText?: string;
  provider: 'stripe' | 'local';
  /** The Stripe transfer id, or the local ledger's entry. */
  ref: string | null;
  by: string;
  at: string;
}

export interface EarningsStatement {
  driverId: string;
  driverName: string | null;
  /** Monday, `YYYY-MM-DD`; the week runs to the Sunday (London). */
  week: string;
  weekEnd: string;
  previousWeek: string;
  nextWeek: string;
  /** The week in words ("23 Nov to 29 Nov 2026"), for the payout dialog. */
  weekText?: string;
  lines: EarningsLine[];
  totals: EarningsTotals;
  /** Clawbacks: outstanding ones (from earlier weeks, taken from this week's payout) and those this week's payouts took. */
  clawbacks?: ClawbackLine[];
  payouts: PayoutView[];
  paidOutPence: number;
  /** Still owed after payouts: positive, the company owes the driver; negative, the driver owes the company. */
  balancePence: number;
  /** What "Pay out" would transfer now (never more than is owed; never cash the driver owes). */
  payablePence: number;
  payoutMode: 'stripe' | 'local';
}
