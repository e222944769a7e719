/**
 * A driver's weekly statement (Monday to Sunday, London, by the move's date) and its CSV. Pure:
 * the job facts and payouts come in, the statement goes out.
 */
import { londonWeekOf, shiftDay, type EarningsStatement, type PayoutView } from '@vanhop/contracts';
import { currentDriver, jobLine, payableOf, totalsOf, type JobFacts } from './earnings.js';

export function buildStatement(input: {
  driverId: string;
  week: string;
  jobs: JobFacts[];
  payouts: PayoutView[];
  payoutMode: 'stripe' | 'local';
}): EarningsStatement {
  const { driverId, week } = input;
  // A job belongs to the driver who does it now: a reassigned job has left the previous driver's statement.
  const mine = input.jobs.filter((j) => currentDriver(j)?.id === driverId);
  const lines = mine
    .map(jobLine)
    .filter((l): l is NonNullable<typeof l> => l !== null && londonWeekOf(new Date(l.moveDate)) === week)
    .sort((a, b) => (a.moveDate < b.moveDate ? -1 : a.moveDate > b.moveDate ? 1 : a.randomNumber - b.randomNumber));
  const totals = totalsOf(lines);
  const paidOutPence = input.payouts.reduce((s, p) => s + p.amountPence, 0);
  const driverName = mine.map(currentDriver).find((d) => d)?.name ?? null;
  return {
    driverId,
    driverName,
    week,
    weekEnd: shiftDay(week, 6),
    previousWeek: shiftDay(week, -7),
    nextWeek: shiftDay(week, 7),
    lines,
    totals,
    payouts: input.payouts,
    paidOutPence,
    balancePence: totals.netPence - paidOutPence,
    payablePence: payableOf(totals.netPence, paidOutPence),
    payoutMode: input.payoutMode,
  };
}

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

const pounds = (pence: number): Money => ({ pounds: (pence / 100).toFixed(2) });

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
    ['Paid out', '', '', '', '', '', '', '', '', '', '', pounds(s.paidOutPence)],
    [
      s.balancePence >= 0 ? 'Owed to driver' : 'Driver owes',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      pounds(Math.abs(s.balancePence)),
    ],
  ];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** `vanhop-statement-<driver>-<week>.csv`, with only safe characters in a Content-Disposition. */
export const statementFilename = (driverId: string, week: string): string =>
  `vanhop-statement-${driverId.replace(/[^A-Za-z0-9_-]/g, '_')}-${week}.csv`;
