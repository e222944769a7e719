import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeApi } from '../../testing/fakeApi';
import { renderRoutes } from '../../testing/render-routes';
import { myMoveView } from '../../testing/my-move';
import { PaymentFailPage } from './PaymentFailPage';
import { PaymentSuccessPage } from './PaymentSuccessPage';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderAt = (path: string) =>
  renderRoutes(path, {
    '/paymentbooking/success': <PaymentSuccessPage />,
    '/paymentbooking/fail': <PaymentFailPage />,
  });

const answer = (over: Record<string, unknown> = {}) => ({
  success: true,
  bookingId: 'b-1',
  randomNumber: 4242,
  percentage: 30,
  paymentStatus: '30percentage',
  statusText: '30 % deposit paid',
  kind: 'deposit',
  myMovePath: '/mymove/tok.sig',
  move: myMoveView().move,
  paidPence: 6000,
  balancePence: 14000,
  ...over,
});

describe('payment success page', () => {
  it('a deposit: the move summary, paid and balance in words, and the link to My move', async () => {
    const api = fakeApi({ 'POST /api/paymentbooking/success': () => ({ json: answer() }) });
    renderAt('/paymentbooking/success?session_id=cs_1');
    await screen.findByRole('heading', { name: 'Thank you: your move is booked' });
    expect(api.of('POST', '/api/paymentbooking/success')[0]?.body).toEqual({ session_id: 'cs_1' });
    expect(screen.getByTestId('payment-status').textContent).toBe('30 % deposit paid');
    const summary = screen.getByTestId('move-summary').textContent ?? '';
    expect(summary).toContain('Saturday 12 December 2026 at 10:00');
    expect(summary).toContain('From12 Cricklewood Lane, London NW2, UK');
    expect(summary).toContain('To5 Borough High Street, London SE1, UK');
    expect(summary).toContain('Large van, Driver-Help');
    expect(screen.getByTestId('payment-money').textContent).toBe('Paid so far£60.00Balance£140.00');
    expect(screen.getByRole('link', { name: 'View my move' }).getAttribute('href')).toBe('/mymove/tok.sig');
  });

  it('a balance payment says the balance is paid', async () => {
    fakeApi({
      'POST /api/paymentbooking/success': () => ({
        json: answer({
          kind: 'balance',
          paymentStatus: 'paid',
          statusText: 'Paid in full',
          paidPence: 20000,
          balancePence: 0,
        }),
      }),
    });
    renderAt('/paymentbooking/success?session_id=cs_2');
    await screen.findByRole('heading', { name: 'Thank you: your balance is paid' });
    expect(screen.getByText(/Your move is now paid in full/)).toBeShown();
    expect(screen.getByTestId('payment-status').textContent).toBe('Paid in full');
  });

  it('an older answer without the booking facts still thanks the customer, with human status words', async () => {
    fakeApi({
      'POST /api/paymentbooking/success': () => ({
        json: { success: true, paymentStatus: '50percentage', randomNumber: 77 },
      }),
    });
    renderAt('/paymentbooking/success?session_id=cs_3');
    await screen.findByRole('heading', { name: 'Thank you: your move is booked' });
    expect(screen.getByTestId('payment-status').textContent).toBe('50 % deposit paid');
    expect(screen.queryByRole('link', { name: 'View my move' })).toBeNull();
    expect(screen.queryByTestId('move-summary')).toBeNull();
  });

  it('never links anywhere but a My move page', async () => {
    fakeApi({
      'POST /api/paymentbooking/success': () => ({ json: answer({ myMovePath: 'https://evil.example/mymove/x' }) }),
    });
    renderAt('/paymentbooking/success?session_id=cs_4');
    await screen.findByRole('heading', { name: 'Thank you: your move is booked' });
    expect(screen.queryByRole('link', { name: 'View my move' })).toBeNull();
  });
});

describe('payment failed page', () => {
  it('with the quote code: says it and tries again on that same quote', () => {
    renderAt('/paymentbooking/fail?code=1234567');
    expect(screen.getByTestId('quote-code').textContent).toBe('1234567');
    expect(screen.getByRole('link', { name: 'Try again with my quote code' }).getAttribute('href')).toBe(
      '/retrieve/1234567',
    );
  });

  it('without a code (or with a strange one) goes to the retrieve page as before', () => {
    renderAt('/paymentbooking/fail');
    expect(screen.getByRole('link', { name: 'Try again with my quote code' }).getAttribute('href')).toBe('/retrieve');
    cleanup();
    renderAt('/paymentbooking/fail?code=../admin');
    expect(screen.getByRole('link', { name: 'Try again with my quote code' }).getAttribute('href')).toBe('/retrieve');
    expect(screen.queryByTestId('quote-code')).toBeNull();
  });
});
