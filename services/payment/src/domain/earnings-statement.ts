/**
 * A driver's weekly statement (Monday to Sunday, London, by the move's date) and its CSV. Pure:
 * the job facts, the driver's payouts and a clock reading come in, the statement goes out.
 *
 * Payouts are kept per job: each payout records what it paid for each job and which clawbacks it
 * took back. A job's line is paid out once its payouts add up to what it earns now; a job paid out
 * and then moved to someone else (or refunded) leaves a clawback, taken from the next payout.
 */
import {
  londonWeekOf,
  shiftDay,
  weekText,
  type ClawbackLine,
  type EarningsLine,
  type EarningsStatement,
  penceToPounds,
} from '@vanhop/contracts';
import { currentDriver, factKey, jobLine, moveDateOf, totalsOf, type JobFacts } from './earnings.js';
import { payoutStanding } from './payout-rules.js';
import { payoutView, type Payout } from './payouts.js';

/** What the driver's payouts paid for each job so far (less what clawbacks took back). */
function paidPerJob(payouts: Payout[]): Map<string, number> {
  const paid = new Map<string, number>();
  const add = (k: string, v: number) => paid.set(k, (paid.get(k) ?? 0) + v);
  for (const p of payouts) {
    for (const [k, v] of Object.entries(p.jobs ?? {})) add(k, v);
    for (const [k, v] of Object.entries(p.clawbacks ?? {})) add(k, -v);
  }
  return paid;
}

const weekOfDate = (iso: string) => londonWeekOf(new Date(iso));

/** The statement, and what a payout of the week would pay now (per job and per clawback). */
export interface StatementWithClaim {
  statement: EarningsStatement;
  claim: { jobs: Record<string, number>; clawbacks: Record<string, number>; amountPence: number };
  /** Some lines of the week are not payable yet (not done, or in cooling-off). */
  waiting: boolean;
}

interface StatementInput {
  driverId: string;
  week: string;
  jobs: JobFacts[];
  /** Every payout of the driver (any week). */
  payouts: Payout[];
  payoutMode: 'stripe' | 'local';
  now: Date;
}

/** The week's lines of the jobs the driver does now, and what of them a payout would pay now. */
function weekLines(input: StatementInput, paid: Map<string, number>) {
  const { driverId, week, now } = input;
  // A job belongs to the driver who does it now: a reassigned or returned job has left this statement.
  const mine = input.jobs.filter((j) => currentDriver(j)?.id === driverId);
  const claimJobs: Record<string, number> = {};
  let waiting = false;
  let owed = 0;
  let payable = 0;
  const lines: EarningsLine[] = [];
  for (const j of mine) {
    const l = jobLine(j);
    if (!l || weekOfDate(l.moveDate) !== week) continue;
    const key = factKey(j._id);
    const paidOut = paid.get(key) ?? 0;
    // Paid more than it now earns (a refund after the payout): the difference is a clawback line, not owed here.
    const lineOwed = paidOut > 0 && l.netPence < paidOut ? 0 : l.netPence - paidOut;
    const standing = payoutStanding(j, driverId, now);
    owed += lineOwed;
    let payout: NonNullable<EarningsLine['payout']>;
    if (paidOut !== 0 && lineOwed === 0) payout = { status: 'paid', text: 'Paid out', paidOutPence: paidOut };
    else if (paidOut === 0 && lineOwed === 0 && standing.payable)
      payout = { status: 'paid', text: 'Nothing to pay', paidOutPence: 0 };
    else if (!standing.payable) {
      waiting = true;
      payout = { status: 'waiting', text: standing.text, paidOutPence: paidOut };
    } else {
      payout = { status: 'payable', text: 'Payable', paidOutPence: paidOut };
      if (lineOwed !== 0) {
        claimJobs[key] = lineOwed;
        payable += lineOwed;
      }
    }
    lines.push({ ...l, payout });
  }
  lines.sort((a, b) => (a.moveDate < b.moveDate ? -1 : a.moveDate > b.moveDate ? 1 : a.randomNumber - b.randomNumber));
  const driverName = mine.map(currentDriver).find((d) => d)?.name ?? null;
  return { lines, claimJobs, waiting, owed, payable, driverName };
}

/** Jobs paid out for more than they now earn this driver, shown from the week after the job's own. */
function outstandingClawbacks(input: StatementInput, paid: Map<string, number>) {
  const { driverId, week } = input;
  const clawbacks: ClawbackLine[] = [];
  const claimClawbacks: Record<string, number> = {};
  for (const j of input.jobs) {
    const key = factKey(j._id);
    const paidOut = paid.get(key) ?? 0;
    if (paidOut <= 0) continue;
    const stillMine = currentDriver(j)?.id === driverId;
    const earns = stillMine ? (jobLine(j)?.netPence ?? 0) : 0;
    if (earns >= paidOut) continue;
    const moveDate = moveDateOf(j) ?? j.confirmed?.moveDate ?? '';
    // Shown from the week after the job's own week: the next statement takes it back.
    if (!(week > weekOfDate(moveDate))) continue;
    const amountPence = paidOut - earns;
    const reason = stillMine ? 'refunded' : 'moved';
    clawbacks.push({
      bookingId: j._id,
      randomNumber: j.randomNumber ?? 0,
      moveDate,
      reason,
      amountPence,
      status: 'outstanding',
      text: clawbackText(reason, j.randomNumber ?? 0),
    });
    claimClawbacks[key] = amountPence;
  }
  return { clawbacks, claimClawbacks };
}

/** Clawbacks this week's payouts already took back. */
function recoveredClawbacks(input: StatementInput, weekPayouts: Payout[]): ClawbackLine[] {
  const recovered: ClawbackLine[] = [];
  for (const p of weekPayouts) {
    for (const [key, amountPence] of Object.entries(p.clawbacks ?? {})) {
      const j = input.jobs.find((x) => factKey(x._id) === key);
      const reason = j && currentDriver(j)?.id === input.driverId ? 'refunded' : 'moved';
      recovered.push({
        bookingId: j?._id ?? key,
        randomNumber: j?.randomNumber ?? 0,
        moveDate: (j && moveDateOf(j)) ?? '',
        reason,
        amountPence,
        status: 'recovered',
        payoutId: p._id,
        text: `${clawbackText(reason, j?.randomNumber ?? 0)}: taken from this week's payout`,
      });
    }
  }
  return recovered;
}

export function buildStatementAndClaim(input: StatementInput): StatementWithClaim {
  const { driverId, week } = input;
  const paid = paidPerJob(input.payouts);
  const weekPayouts = input.payouts.filter((p) => p.week === week);
  // Payouts made before they kept their jobs count against their week as a whole.
  const legacyPaid = weekPayouts.filter((p) => !p.jobs).reduce((s, p) => s + p.amountPence, 0);
  const { lines, claimJobs, waiting, owed, payable, driverName } = weekLines(input, paid);
  const { clawbacks, claimClawbacks } = outstandingClawbacks(input, paid);
  clawbacks.push(...recoveredClawbacks(input, weekPayouts));
  const outstanding = clawbacks.filter((c) => c.status === 'outstanding').reduce((s, c) => s + c.amountPence, 0);
  const amountPence = payable - outstanding - legacyPaid;
  return {
    statement: {
      driverId,
      driverName,
      week,
      weekEnd: shiftDay(week, 6),
      previousWeek: shiftDay(week, -7),
      nextWeek: shiftDay(week, 7),
      weekText: weekText(week),
      lines,
      totals: totalsOf(lines),
      clawbacks,
      payouts: weekPayouts.map(payoutView),
      paidOutPence: weekPayouts.reduce((s, p) => s + p.amountPence, 0),
      balancePence: owed - outstanding - legacyPaid,
      payablePence: Math.max(0, amountPence),
      payoutMode: input.payoutMode,
    },
    claim: { jobs: claimJobs, clawbacks: claimClawbacks, amountPence },
    waiting,
  };
}

const clawbackText = (reason: 'moved' | 'refunded', randomNumber: number): string =>
  reason === 'moved'
    ? `Clawback: booking ${randomNumber} moved to another driver or back to the office after it was paid out`
    : `Clawback: booking ${randomNumber} was refunded after it was paid out`;

/** The statement alone. */
export const buildStatement = (input: StatementInput): EarningsStatement => buildStatementAndClaim(input).statement;

/** An amount we formatted ourselves: a number, so a leading minus is not a formula. */
interface Money {
  pounds: string;
}
type Cell = string | number | Money;

/** A text cell a spreadsheet would run as a formula (= + - @, tab, carriage return) is prefixed with '. */
export function csvCell(value: Cell): string {
  let s = typeof value === 'object' ? value.pounds : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const pounds = (pence: number): Money => ({ pounds: penceToPounds(pence).toFixed(2) });

/** A statement CSV row with a label, the last column's amount and (for a clawback) the move's date; the columns between left empty. */
const summaryRow = (label: string, amount: Money | '', date = ''): Cell[] => [
  label,
  date,
  ...Array<string>(9).fill(''),
  amount,
];

export function statementCsv(s: EarningsStatement): string {
  const rows: Cell[][] = [
    [
      'Booking',
      'Move date',
      'Cancelled',
      'Price',
      'Deposit online',
      'Balance online',
      'Refunded',
      'Online kept',
      'Cash collected',
      'Commission rate %',
      'Commission',
      'Net owed to driver',
    ],
    ...s.lines.map((l) => [
      l.randomNumber,
      l.moveDate,
      l.cancelled ? 'yes' : 'no',
      pounds(l.pricePence),
      pounds(l.depositOnlinePence),
      pounds(l.balanceOnlinePence),
      pounds(l.refundedPence),
      pounds(l.onlineKeptPence),
      pounds(l.cashPence),
      { pounds: (l.rateBps / 100).toFixed(2) },
      pounds(l.commissionPence),
      pounds(l.netPence),
    ]),
    [
      'Total',
      '',
      '',
      pounds(s.totals.pricePence),
      pounds(s.totals.depositOnlinePence),
      pounds(s.totals.balanceOnlinePence),
      pounds(s.totals.refundedPence),
      pounds(s.totals.onlineKeptPence),
      pounds(s.totals.cashPence),
      '',
      pounds(s.totals.commissionPence),
      pounds(s.totals.netPence),
    ],
    ...(s.clawbacks ?? []).map((c) =>
      summaryRow(c.text, c.status === 'outstanding' ? pounds(-c.amountPence) : '', c.moveDate.slice(0, 10)),
    ),
    summaryRow('Paid out', pounds(s.paidOutPence)),
    summaryRow(s.balancePence >= 0 ? 'Owed to driver' : 'Driver owes', pounds(Math.abs(s.balancePence))),
  ];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** `vanhop-statement-<driver>-<week>.csv`, with only safe characters in a Content-Disposition. */
export const statementFilename = (driverId: string, week: string): string =>
  `vanhop-statement-${driverId.replace(/[^A-Za-z0-9_-]/g, '_')}-${week}.csv`;
