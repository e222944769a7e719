import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { MyMoveReceipt } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { renderRoutes } from '../../testing/render-routes';
import { ReceiptPage } from './ReceiptPage';
import { myMoveView } from '../../testing/my-move';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer: MyMoveReceipt = {
  receipt: {
    id: 'refund-r1',
    kind: 'refund',
    at: '2026-07-01T09:21:00.000Z',
    amountPence: 6000,
    description: 'Cancellation in the cooling-off period',
    provider: 'stripe',
    providerRef: 're_123',
  },
  bookingId: 'b-1',
  randomNumber: 4242,
  customer: { name: 'Bob Carter', email: 'bob@example.com' },
  move: myMoveView().move,
  totalPence: 20000,
};

const renderAt = (path: string) =>
  renderRoutes(path, {
    '/mymove/:token/receipt/:receiptId': <ReceiptPage />,
  });

describe('printable receipt', () => {
  it('shows the company, the receipt number, the London date, what for, the amount, the provider reference and the booking code; Print prints', async () => {
    const api = fakeApi({
      'GET /api/mymove/tok/receipts/refund-r1': () => ({ json: answer }),
      'GET /api/config': () => ({ json: { phone: '02079460000', email: 'hello@vanhop.example' } }),
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt('/mymove/tok/receipt/refund-r1');
    await screen.findByRole('heading', { name: 'Refund receipt' });
    const text = screen.getByTestId('receipt').textContent ?? '';
    expect(text).toContain('VanHop Removals Ltd');
    expect(text).toContain('Receipt numberrefund-r1');
    // 09:21 UTC is 10:21 in London in July
    expect(text).toContain('Date1 Jul 2026, 10:21');
    expect(text).toContain('Booking code4242');
    expect(text).toContain(
      'ForCancellation in the cooling-off period: Large van, Driver-Help, Saturday 12 December 2026 at 10:00, London NW2, UK to London SE1, UK',
    );
    expect(text).toContain('Paid byCard (Stripe)');
    expect(text).toContain('Payment referencere_123');
    expect(screen.getByTestId('receipt-amount').textContent).toBe('£60.00');
    expect(screen.getByRole('link', { name: 'Back to my move' }).getAttribute('href')).toBe('/mymove/tok');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(api.of('GET', '/api/mymove/tok/receipts/refund-r1')).toHaveLength(1);
  });

  it('an unknown receipt or link says the link is not valid', async () => {
    fakeApi({ 'GET /api/mymove/tok/receipts/nope': () => ({ status: 404, json: { message: 'No receipt' } }) });
    renderAt('/mymove/tok/receipt/nope');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is not valid or has expired');
  });
});
