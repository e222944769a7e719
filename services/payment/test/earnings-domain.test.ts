import { describe, expect, it } from 'vitest';
import { londonWeekOf } from '@vanhop/contracts';
import { commissionOf, jobLine, payableOf, type JobFacts } from '../src/domain/earnings.js';
import { buildStatement, csvCell, statementCsv } from '../src/domain/earnings-statement.js';

const driver = { id: 'drv-amy', name: 'Amy Driver', email: 'amy@drivers.example' };
const job = (over: Partial<JobFacts> & { total: number; deposit: number; date?: string }): JobFacts => ({
  _id: over._id ?? `bk-${over.total}`,
  randomNumber: 100,
  confirmed: {
    at: '2026-11-01T10:00:00Z',
    driver,
    moveDate: over.date ?? '2026-11-25T09:00:00.000Z',
    totalPricePence: over.total,
    depositPence: over.deposit,
    rateBps: 1500,
  },
  drivers: { [driver.id]: true },
  ...over,
});

const done = { at: '2026-11-25T12:00:00Z', driverId: 'drv-amy' };
const now = new Date('2026-12-01T10:00:00Z');

describe('what a job earns its driver', () => {
  it('a cash job: the driver collects the balance and owes the commission on the whole price', () => {
    const l = jobLine(job({ total: 20000, deposit: 6000 }))!;
    expect(l).toMatchObject({ onlineKeptPence: 6000, cashPence: 14000, commissionPence: 3000, netPence: 3000 });
  });

  it('a balance paid online: nothing in cash, online money less commission is owed to the driver', () => {
    const l = jobLine(job({ total: 20000, deposit: 6000, balancePayments: { pi_1: 14000 } }))!;
    expect(l).toMatchObject({ onlineKeptPence: 20000, cashPence: 0, commissionPence: 3000, netPence: 17000 });
  });

  it('a cancelled job keeps only what was kept after refunds', () => {
    expect(
      jobLine(job({ total: 20000, deposit: 6000, cancelledAt: '2026-11-02T10:00:00Z', refunds: { 'rf-1': 6000 } })),
    ).toMatchObject({
      pricePence: 0,
      onlineKeptPence: 0,
      cashPence: 0,
      commissionPence: 0,
      netPence: 0,
      refundedPence: 6000,
    });
    // Cancelled outside the cooling-off hour: the deposit is kept, no cash comes.
    expect(jobLine(job({ total: 20000, deposit: 6000, cancelledAt: '2026-11-02T10:00:00Z' }))).toMatchObject({
      pricePence: 6000,
      cashPence: 0,
      commissionPence: 900,
      netPence: 5100,
    });
  });

  it('a cheaper new price refunds the difference and lowers the cash; a dearer one raises it', () => {
    const cheaper = job({
      total: 20000,
      deposit: 20000,
      reprices: {
        e1: { at: '2026-11-03T00:00:00Z', value: { totalPricePence: 18000, moveDate: '2026-11-26T09:00:00.000Z' } },
      },
      refunds: { r: 2000 },
    });
    expect(jobLine(cheaper)).toMatchObject({
      pricePence: 18000,
      onlineKeptPence: 18000,
      cashPence: 0,
      commissionPence: 2700,
      moveDate: '2026-11-26T09:00:00.000Z',
    });
    const dearer = job({
      total: 20000,
      deposit: 6000,
      reprices: {
        a: { at: '2026-11-03T00:00:00Z', value: { totalPricePence: 25000, moveDate: '2026-11-25T09:00:00.000Z' } },
        b: { at: '2026-11-02T00:00:00Z', value: { totalPricePence: 1, moveDate: 'x' } },
      },
    });
    expect(jobLine(dearer)).toMatchObject({ pricePence: 25000, cashPence: 19000 });
  });

  it('rounds commission half up to the penny, never loses pence, and a job not confirmed yet has no line', () => {
    expect(commissionOf(3333, 1500)).toBe(500);
    expect(commissionOf(3330, 1250)).toBe(416);
    expect(jobLine({ _id: 'bk-x', refunds: { r: 100 } })).toBeNull();
  });

  it('pays out only what is still owed, never negative', () => {
    expect(payableOf(17000, 0)).toBe(17000);
    expect(payableOf(17000, 17000)).toBe(0);
    expect(payableOf(-3000, 0)).toBe(0);
  });
});

describe('the weekly statement', () => {
  it('weeks run Monday to Sunday in London (a Sunday late evening in summer is still that week)', () => {
    expect(londonWeekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(londonWeekOf(new Date('2026-11-29T23:59:00Z'))).toBe('2026-11-23');
    expect(londonWeekOf(new Date('2026-07-05T23:30:00Z'))).toBe('2026-07-06'); // 00:30 BST Monday
  });

  it('adds a cash job, an online balance and a refund up to what is owed either way; reassigned jobs leave', () => {
    const jobs = [
      job({ _id: 'cash', total: 20000, deposit: 6000, done }),
      job({ _id: 'online', total: 10000, deposit: 3000, balancePayments: { pi: 7000 }, done }),
      job({ _id: 'refunded', total: 8000, deposit: 8000, cancelledAt: 'x', refunds: { r: 8000 } }),
      job({ _id: 'other-week', total: 5000, deposit: 5000, date: '2026-12-02T09:00:00.000Z' }),
      job({
        _id: 'gone',
        total: 5000,
        deposit: 5000,
        reassignments: { e: { at: 'z', value: { id: 'drv-bob', name: 'Bob', email: 'b@x.example' } } },
      }),
    ];
    const s = buildStatement({ driverId: 'drv-amy', week: '2026-11-23', jobs, payouts: [], payoutMode: 'local', now });
    expect(s.lines.map((l) => l.bookingId).sort()).toEqual(['cash', 'online', 'refunded']);
    expect(s.totals).toMatchObject({
      onlineKeptPence: 16000,
      cashPence: 14000,
      refundedPence: 8000,
      commissionPence: 4500,
      netPence: 11500,
    });
    expect(s).toMatchObject({
      balancePence: 11500,
      payablePence: 11500,
      weekEnd: '2026-11-29',
      previousWeek: '2026-11-16',
      nextWeek: '2026-11-30',
    });
    const paid = buildStatement({
      driverId: 'drv-amy',
      week: '2026-11-23',
      jobs,
      payouts: [
        {
          _id: 'p',
          driverId: 'drv-amy',
          week: '2026-11-23',
          amountPence: 11500,
          status: 'paid',
          provider: 'local',
          ref: 'x',
          by: 's',
          at: 'x',
        },
      ],
      payoutMode: 'local',
      now,
    });
    expect(paid).toMatchObject({ paidOutPence: 11500, balancePence: 0, payablePence: 0 });
  });

  it('CSV: one row per job, totals, and cells that would run as formulas escaped', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(['+1', '-1', '@SUM(A1)'].map(csvCell)).toEqual(["'+1", "'-1", "'@SUM(A1)"]);
    const csv = statementCsv(
      buildStatement({
        driverId: 'drv-amy',
        week: '2026-11-23',
        jobs: [job({ _id: 'cash', total: 20000, deposit: 6000 })],
        payouts: [],
        payoutMode: 'local',
        now,
      }),
    );
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toMatch(/^Booking,Move date,/);
    expect(rows[1]).toBe('100,2026-11-25T09:00:00.000Z,no,200.00,60.00,0.00,0.00,60.00,140.00,15.00,30.00,30.00');
    expect(rows.at(-1)).toBe('Owed to driver,,,,,,,,,,,30.00');
  });
});
