import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EARNINGS_MSG, type EarningsStatement } from '@vanhop/contracts';
import DriverPortalApp from '../features/driver-portal/DriverPortalApp';
import { DRIVER_TOKEN_KEY } from '../features/driver-portal/session';
import { TOKEN_KEY } from '../features/staff/admin/session';
import { CommissionRate, DriverEarnings } from '../features/staff/drivers/DriverEarnings';
import { bodyOf, json, renderArea, type, isolateEachTest } from '../testing/area-harness';
import { fakeApi } from '../testing/fakeApi';

const line = (over: Partial<EarningsStatement['lines'][number]>) => ({
  bookingId: 'bk-1',
  randomNumber: 5001,
  moveDate: '2026-11-25T09:00:00.000Z',
  cancelled: false,
  pricePence: 20000,
  depositOnlinePence: 6000,
  balanceOnlinePence: 0,
  refundedPence: 0,
  onlineKeptPence: 6000,
  cashPence: 14000,
  rateBps: 1500,
  commissionPence: 3000,
  netPence: 3000,
  ...over,
});
const statement = (over: Partial<EarningsStatement> = {}): EarningsStatement => ({
  driverId: 'drv-amy',
  driverName: 'Amy Driver',
  week: '2026-11-23',
  weekEnd: '2026-11-29',
  previousWeek: '2026-11-16',
  nextWeek: '2026-11-30',
  lines: [
    line({}),
    line({
      bookingId: 'bk-2',
      randomNumber: 5002,
      pricePence: 10000,
      depositOnlinePence: 3000,
      balanceOnlinePence: 7000,
      onlineKeptPence: 10000,
      cashPence: 0,
      commissionPence: 1500,
      netPence: 8500,
    }),
  ],
  totals: {
    pricePence: 30000,
    depositOnlinePence: 9000,
    balanceOnlinePence: 7000,
    refundedPence: 0,
    onlineKeptPence: 16000,
    cashPence: 14000,
    commissionPence: 4500,
    netPence: 11500,
  },
  payouts: [],
  paidOutPence: 0,
  balancePence: 11500,
  payablePence: 11500,
  payoutMode: 'local',
  ...over,
});

describe("staff: a driver's earnings", () => {
  isolateEachTest({ key: TOKEN_KEY, token: 'staff-tok' });

  it('shows the week, pays out what is owed once confirmed, and says the local ledger moved no money', async () => {
    let paid = false;
    const { calls } = fakeApi({
      'GET /api/earnings/admin/rate': () => json({ rateBps: 1500, changes: [] }),
      'GET /api/earnings/admin/drivers/drv-amy': () =>
        json(
          paid
            ? statement({
                paidOutPence: 11500,
                balancePence: 0,
                payablePence: 0,
                payouts: [
                  {
                    id: 'p1',
                    week: '2026-11-23',
                    amountPence: 11500,
                    status: 'paid',
                    provider: 'local',
                    ref: 'po_local_1',
                    by: 'Sam',
                    at: '2026-11-26T10:00:00Z',
                  },
                ],
              })
            : statement(),
        ),
      'POST /api/earnings/admin/drivers/drv-amy/payouts': () => {
        paid = true;
        return json({
          id: 'p1',
          week: '2026-11-23',
          amountPence: 11500,
          status: 'paid',
          provider: 'local',
          ref: 'po_local_1',
          by: 'Sam',
          at: '2026-11-26T10:00:00Z',
        });
      },
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    renderArea('/x', <DriverEarnings driverId="drv-amy" />, '/x');
    expect((await screen.findByTestId('balance')).textContent).toBe('VanHop owes the driver £115.00');
    expect(screen.getAllByTestId('earnings-line')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Pay out £115.00' }));
    // The dialog and the outcome name the week paid for.
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/for the week 23 Nov to 29 Nov 2026\?$/));
    expect((await screen.findByRole('status')).textContent).toBe(
      `£115.00 paid out for the week 23 Nov to 29 Nov 2026. ${EARNINGS_MSG.localLedger}`,
    );
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('Nothing owed either way'));
    expect(bodyOf(calls.find((c) => c.key.startsWith('POST'))!.init)).toEqual({ week: '2026-11-23' });
    expect((screen.getByRole('button', { name: 'Pay out £0.00' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("a refused payout shows the server's words and leaves the button ready to try again", async () => {
    const { calls } = fakeApi({
      'GET /api/earnings/admin/rate': () => json({ rateBps: 1500, changes: [] }),
      'GET /api/earnings/admin/drivers/drv-amy': () => json(statement()),
      'POST /api/earnings/admin/drivers/drv-amy/payouts': () =>
        json({ message: 'That week is already paid out.' }, 409),
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    renderArea('/x', <DriverEarnings driverId="drv-amy" />, '/x');
    const payOut = await screen.findByRole('button', { name: 'Pay out £115.00' });
    fireEvent.click(payOut);
    expect((await screen.findByRole('alert')).textContent).toBe('That week is already paid out.');
    expect((payOut as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(1);
  });

  it('shows where each job stands for payouts, cash taken on the day, an agreed price and clawbacks', async () => {
    fakeApi({
      'GET /api/earnings/admin/rate': () => json({ rateBps: 1500, changes: [] }),
      'GET /api/earnings/admin/drivers/drv-amy': () =>
        json(
          statement({
            lines: [
              line({
                cashPence: 10300,
                collectedOnDay: 'cash',
                payout: {
                  status: 'waiting',
                  text: 'Not done yet: paid out once the driver marks the move done',
                  paidOutPence: 0,
                },
              }),
              line({ bookingId: 'b2', randomNumber: 2, pricePence: 16106, officeBearsPence: 510 }),
            ],
            clawbacks: [
              {
                bookingId: 'b9',
                randomNumber: 9,
                moveDate: '2026-11-18T09:00:00Z',
                reason: 'refunded',
                amountPence: 4250,
                status: 'outstanding',
                text: 'Clawback: booking 9 was refunded after it was paid out',
              },
            ],
          }),
        ),
    });
    renderArea('/x', <DriverEarnings driverId="drv-amy" />, '/x');
    expect((await screen.findAllByTestId('line-payout'))[0]!.textContent).toBe(
      'Not done yet: paid out once the driver marks the move done',
    );
    const page = document.body.textContent ?? '';
    expect(page).toContain('cash on the day');
    expect(page).toContain('agreed price: £5.10 paid by VanHop');
    expect(screen.getByTestId('clawback').textContent).toBe(
      'Clawback: booking 9 was refunded after it was paid out: £42.50 to be taken from the next payout',
    );
  });

  it('a driver who owes cash commission is told so in words; the previous week is asked for by its Monday', async () => {
    const { calls } = fakeApi({
      'GET /api/earnings/admin/rate': () => json({ rateBps: 1500, changes: [] }),
      'GET /api/earnings/admin/drivers/drv-amy': () =>
        json(
          statement({
            lines: [line({ netPence: -3000, onlineKeptPence: 0, depositOnlinePence: 0 })],
            balancePence: -3000,
            payablePence: 0,
          }),
        ),
      'GET /api/earnings/admin/drivers/drv-amy?week=2026-11-16': () =>
        json(statement({ week: '2026-11-16', lines: [] })),
    });
    renderArea('/x', <DriverEarnings driverId="drv-amy" />, '/x');
    expect((await screen.findByTestId('balance')).textContent).toBe('The driver owes VanHop £30.00');
    fireEvent.click(screen.getByRole('button', { name: '← Previous week' }));
    await screen.findByText('No jobs this week.');
    expect(calls.map((c) => c.key)).toContain('GET /api/earnings/admin/drivers/drv-amy?week=2026-11-16');
  });

  it('checks the commission rate before sending it, then saves it', async () => {
    const { calls } = fakeApi({
      'GET /api/earnings/admin/rate': () => json({ rateBps: 1500, changes: [] }),
      'GET /api/earnings/admin/drivers/drv-amy': () => json(statement()),
      'PUT /api/earnings/admin/rate': ({ init }) =>
        json({
          rateBps: 1250,
          changes: [{ rateBps: 1250, by: 'Sam', at: '2026-11-26T10:00:00Z' }],
          sent: bodyOf(init),
        }),
    });
    renderArea('/x', <CommissionRate />, '/x');
    await screen.findByLabelText('Platform commission, all drivers (%)');
    // The rate arrives on a request of its own: typed after it, as staff would.
    await waitFor(() =>
      expect((screen.getByLabelText('Platform commission, all drivers (%)') as HTMLInputElement).value).toBe('15'),
    );
    type('Platform commission, all drivers (%)', '80');
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(EARNINGS_MSG.rateRange);
    expect(calls.some((c) => c.key.startsWith('PUT'))).toBe(false);
    type('Platform commission, all drivers (%)', '12.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save rate' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Commission is now 12.5 % for jobs confirmed from now on.',
    );
    expect(bodyOf(calls.find((c) => c.key.startsWith('PUT'))!.init)).toEqual({ ratePercent: 12.5 });
  });

  it('a rate typed before the current one arrives is kept, not replaced by it', async () => {
    let arrive: (r: Response) => void = () => undefined;
    fakeApi({
      'GET /api/earnings/admin/rate': () => new Promise<Response>((resolve) => (arrive = resolve)),
      'GET /api/earnings/admin/drivers/drv-amy': () => json(statement()),
    });
    renderArea('/x', <CommissionRate />, '/x');
    await screen.findByLabelText('Platform commission, all drivers (%)');
    type('Platform commission, all drivers (%)', '12.5');
    arrive(json({ rateBps: 1500, changes: [{ rateBps: 1500, by: 'Sam', at: '2026-11-20T10:00:00Z' }] }));
    // The rate has arrived once its last change is shown; the field still holds what was typed.
    await screen.findByText(/^Set to .* by Sam/);
    expect((screen.getByLabelText('Platform commission, all drivers (%)') as HTMLInputElement).value).toBe('12.5');
  });
});

describe("driver portal: the driver's own earnings", () => {
  isolateEachTest({ key: DRIVER_TOKEN_KEY, token: 'drv-tok' });

  it('is in the portal nav and shows the driver their own statement with print and download, without Pay out', async () => {
    fakeApi({
      'GET /api/driver-account/me': () => json({ id: 'drv-amy', name: 'Amy Driver', email: 'amy@example.com' }),
      'GET /api/driver/earnings': () => json(statement()),
    });
    renderArea('/driver/*', <DriverPortalApp />, '/driver/earnings');
    expect((await screen.findByTestId('balance')).textContent).toBe('VanHop owes the driver £115.00');
    expect(screen.getByRole('link', { name: 'Earnings' }).getAttribute('href')).toBe('/driver/earnings');
    expect(screen.getByRole('button', { name: 'Print' })).toBeShown();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeShown();
    expect(screen.queryByRole('button', { name: /Pay out/ })).toBeNull();
  });
});
