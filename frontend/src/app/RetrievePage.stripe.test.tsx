import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeApi } from '../testing/fakeApi';

// A Stripe key is configured; the card form is replaced by a button that reports the intent as paid.
vi.mock('../lib/config', () => ({
  usePublicConfig: () => ({ status: 'ready', config: { stripePublishableKey: 'pk_test_1', phone: '', email: '' } }),
}));
vi.mock('../features/retrieve/StripeCardPayment', () => ({
  default: ({ onPaid, prepare }: { onPaid: (id: string) => Promise<void>; prepare: () => Promise<string | null> }) => (
    <button type="button" onClick={async () => (await prepare()) && (await onPaid('pi_9'))}>
      Card paid
    </button>
  ),
}));

const { RetrievePage } = await import('../features/retrieve/RetrievePage');
const { PaymentSuccessPage } = await import('../features/payment/PaymentSuccessPage');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const unpaid = {
  _id: 'b1',
  randomNumber: 4242,
  date: '2026-11-01T10:00:00.000Z',
  paymentStatus: 'unpaid',
  OutstandingBalance: 200,
  percentage: null,
  reviewRequest: false,
  quote: {
    name: 'Alice Mover',
    date: '2026-12-01T10:00:00.000Z',
    places: ['London NW2, UK', 'London SE1, UK'],
    totalAddress: [],
    typeofVan: 'Large',
    typeOfWorker: 'Driver-Help',
    totalHour: 3,
    totalPrice: 200,
  },
};

async function payByCard(updateAnswer: () => { status?: number; json?: unknown; text?: string }) {
  const alert = vi.fn();
  vi.stubGlobal('alert', alert);
  const api = fakeApi({
    'GET /api/saveRetrieve': () => ({ json: [unpaid] }),
    'POST /api/savebooking': () => ({ json: { clientSecret: 'pi_9_secret', paymentIntentId: 'pi_9', amount: 60 } }),
    'POST /api/savebooking/updatepaymentstatus': updateAnswer,
  });
  render(
    <MemoryRouter initialEntries={['/retrieve/4242']}>
      <Routes>
        <Route path="/retrieve/:id" element={<RetrievePage />} />
        <Route path="/paymentbooking/success" element={<PaymentSuccessPage />} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByLabelText(/30%/));
  fireEvent.click(await screen.findByRole('button', { name: 'Card paid' }));
  return { alert, api };
}

describe('RetrievePage, card payment (Stripe configured)', () => {
  it('a confirmed payment sends the client secret, alerts Payment Success and ends on the success page', async () => {
    const { alert, api } = await payByCard(() => ({
      json: { success: true, bookingId: 'b1', randomNumber: 4242, myMovePath: '/mymove/tok9' },
    }));
    await screen.findByText('Thank you: your move is booked');
    expect(alert).toHaveBeenCalledWith('Payment Success');
    expect(screen.getByRole('link', { name: 'View my move' }).getAttribute('href')).toBe('/mymove/tok9');
    expect(api.of('POST', '/api/savebooking/updatepaymentstatus')[0]?.body).toEqual([
      expect.objectContaining({ _id: 'b1', percentage: 30, paymentIntentId: 'pi_9', clientSecret: 'pi_9_secret' }),
    ]);
  });

  it('a failed status update shows the failure instead of Payment Success', async () => {
    const { alert } = await payByCard(() => ({
      status: 409,
      json: { message: 'The amount paid does not match this booking' },
    }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'We could not confirm your payment (The amount paid does not match this booking). Please contact us with your quote code before trying again.',
      ),
    );
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByText('home page')).toBeNull();
  });
});
