import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { RetrievePage } from '../features/retrieve/RetrievePage';
import { PaymentSuccessPage } from '../features/payment/PaymentSuccessPage';
import { fakeApi } from '../testing/fakeApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const record = (paymentStatus: string, OutstandingBalance = 0) => ({
  _id: 'b1',
  randomNumber: 4242,
  date: '2026-11-01T10:00:00.000Z',
  paymentStatus,
  OutstandingBalance,
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
});

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/retrieve" element={<RetrievePage />} />
        <Route path="/retrieve/:id" element={<RetrievePage />} />
        <Route path="/paymentbooking/success" element={<PaymentSuccessPage />} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RetrievePage', () => {
  it('prefills the code and shows the quote at once; a paid quote says what was paid and that the balance goes to the driver', async () => {
    const api = fakeApi({ 'GET /api/saveRetrieve': () => ({ json: [record('30percentage', 140)] }) });
    renderAt('/retrieve/4242');
    expect((screen.getByLabelText('Quote code') as HTMLInputElement).value).toBe('4242');
    // The link's code is loaded at once, without pressing Retrieve, and once.
    await screen.findByText('You have Already paid for a 30 % deposit');
    expect(api.of('GET', '/api/saveRetrieve')).toHaveLength(1);
    expect(
      screen.getByText(/outstanding balance of £140.00 is paid to\s+the driver at the end of the job/),
    ).toBeShown();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('a booking whose driver gave it back names no driver who declined: it says one is being found', async () => {
    fakeApi({
      'GET /api/saveRetrieve': () => ({
        json: [
          {
            ...record('30percentage', 140),
            findingDriver: true,
            quote: { ...record('30percentage').quote, driverName: '' },
          },
        ],
      }),
    });
    renderAt('/retrieve/4242');
    expect((await screen.findByTestId('retrieve-driver')).textContent).toBe('We are finding you a new driver');
  });

  it('a cancelled booking says so, never "Already paid", and offers no payment', async () => {
    fakeApi({
      'GET /api/saveRetrieve': () => ({
        json: [{ ...record('paid', 0), state: 'cancelled', statusText: 'Cancelled' }],
      }),
    });
    renderAt('/retrieve/4242');
    await screen.findByText('This booking was cancelled.');
    expect(screen.getByTestId('retrieve-standing').textContent).toBe(
      'You had paid for the whole move: your My move page (the link in your booking e-mail) shows what was refunded to your card.',
    );
    expect(screen.queryByText(/Already paid/)).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('a postponed booking says it has no date, that the deposit stays with it, and offers no payment', async () => {
    fakeApi({
      'GET /api/saveRetrieve': () => ({
        json: [{ ...record('30percentage', 140), state: 'frozen', statusText: 'Postponed' }],
      }),
    });
    renderAt('/retrieve/4242');
    const status = await screen.findByText('This booking is postponed: it has no moving date yet.');
    expect(status.getAttribute('data-state')).toBe('frozen');
    expect(screen.getByTestId('retrieve-standing').textContent).toBe(
      'What you paid (a 30 % deposit) stays with it. Choose a new date within 12 months on your My move page (the link in your booking e-mail).',
    );
    expect(screen.queryByText(/Already paid|cancelled|outstanding balance/i)).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('a cancelled booking that was never paid says there is nothing to refund', async () => {
    fakeApi({
      'GET /api/saveRetrieve': () => ({
        json: [{ ...record('unpaid', 200), state: 'cancelled', statusText: 'Cancelled' }],
      }),
    });
    renderAt('/retrieve/4242');
    await screen.findByText('This booking was cancelled.');
    expect(screen.getByTestId('retrieve-standing').textContent).toBe(
      'Nothing was paid for it, so there is nothing to refund.',
    );
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows the server text for an unknown code, and the contract text when the server cannot be reached', async () => {
    const api = fakeApi({ 'GET /api/saveRetrieve': () => ({ status: 404, text: 'No quote found with this code' }) });
    renderAt('/retrieve');
    fireEvent.change(screen.getByLabelText('Quote code'), { target: { value: '77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Retrieve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No quote found with this code');
    expect(api.of('GET', '/api/saveRetrieve?randomNumber=77')).toHaveLength(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retrieve' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('An error occurred while retrieving the quote.'),
    );
  });

  it('unpaid without a Stripe key: needs a percentage, saves the booking, goes to the local checkout', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const api = fakeApi({
      'GET /api/saveRetrieve': () => ({ json: [record('unpaid', 200)] }),
      'POST /api/savebooking': () => ({
        json: { clientSecret: 'pi_1_secret', localCheckoutUrl: '/api/payments/local-checkout/pi_1' },
      }),
    });
    renderAt('/retrieve/4242');
    await screen.findByLabelText(/30%/);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Please Choosea percetage option'));
    expect(api.of('POST', '/api/savebooking')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText(/30%/));
    fireEvent.click(screen.getByRole('button', { name: 'Pay £60.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/local-checkout/pi_1'));
    expect(api.of('POST', '/api/savebooking')[0]?.body).toEqual([
      expect.objectContaining({ _id: 'b1', percentage: 30 }),
    ]);
  });

  it('the limit on unpaid checkouts is said in the server’s words, and checkouts this tab opened can be released there and then', async () => {
    sessionStorage.setItem('vanhop.checkoutProofs', JSON.stringify(['pi_8_secret_a', 'pi_9_secret_b']));
    const limit =
      'You already have 2 moves waiting for payment. Finish paying one of them, or try again in 31 minutes when they lapse.';
    let released = false;
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const api = fakeApi({
      'GET /api/saveRetrieve': () => ({ json: [record('unpaid', 200)] }),
      'POST /api/savebooking': () =>
        released
          ? { json: { clientSecret: 'pi_10_secret', localCheckoutUrl: '/api/payments/local-checkout/pi_10' } }
          : { status: 429, json: { message: limit } },
      'POST /api/paymentbooking/abandon': () => {
        released = true;
        return { json: { closed: 2 } };
      },
    });
    renderAt('/retrieve/4242');
    fireEvent.click(await screen.findByLabelText(/30%/));
    fireEvent.click(screen.getByRole('button', { name: 'Pay £60.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(limit);
    fireEvent.click(screen.getByRole('button', { name: 'Release my open checkouts and book this one' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/local-checkout/pi_10'));
    expect(api.of('POST', '/api/paymentbooking/abandon').map((c) => c.body)).toEqual([
      { checkoutProofs: ['pi_8_secret_a', 'pi_9_secret_b'] },
    ]);
    sessionStorage.clear();
  });

  it('back from the local checkout: records the payment with the returned client secret, alerts Payment Success and shows the success page with the My move link', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const api = fakeApi({
      'GET /api/saveRetrieve': () => ({ json: [record('unpaid', 200)] }),
      'POST /api/savebooking/updatepaymentstatus': () => ({
        json: {
          success: true,
          bookingId: 'b1',
          randomNumber: 4242,
          paymentStatus: '30percentage',
          statusText: 'Booked: 30 % deposit paid',
          kind: 'deposit',
          myMovePath: '/mymove/tok1',
          paidPence: 6000,
          balancePence: 14000,
        },
      }),
    });
    renderAt(
      '/retrieve/4242?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_abc&redirect_status=succeeded',
    );
    await screen.findByText('Thank you: your move is booked');
    expect(alert).toHaveBeenCalledWith('Payment Success');
    expect(screen.getByRole('link', { name: 'View my move' }).getAttribute('href')).toBe('/mymove/tok1');
    expect(api.of('POST', '/api/savebooking/updatepaymentstatus')[0]?.body).toEqual([
      expect.objectContaining({ _id: 'b1', paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_abc' }),
    ]);
  });

  it('back from the local checkout: a failed status update is shown, never "Payment Success", and it stays on the page', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const api = fakeApi({
      'GET /api/saveRetrieve': () => ({ json: [record('unpaid', 200)] }),
      'POST /api/savebooking/updatepaymentstatus': () => ({
        status: 402,
        json: { message: 'The payment has not been completed', code: 'payment_incomplete' },
      }),
    });
    renderAt('/retrieve/4242?payment_intent=pi_1&redirect_status=succeeded');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not confirm your payment (The payment has not been completed). Please contact us with your quote code before trying again.',
    );
    expect(api.of('POST', '/api/savebooking/updatepaymentstatus')).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByText('home page')).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });

  it('back from the local checkout: a server error without words is shown as not confirmed too', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    fakeApi({
      'GET /api/saveRetrieve': () => ({ json: [record('unpaid', 200)] }),
      'POST /api/savebooking/updatepaymentstatus': () => ({ status: 500, text: '' }),
    });
    renderAt('/retrieve/4242?payment_intent=pi_1&redirect_status=succeeded');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not confirm your payment. Please contact us with your quote code before trying again.',
    );
    expect(alert).not.toHaveBeenCalledWith('Payment Success');
  });

  it('refuses a code outside the contract range (RETRIEVE_CODE_MAX) without asking the server', async () => {
    const api = fakeApi({ 'GET /api/saveRetrieve': () => ({ json: [record('unpaid', 200)] }) });
    renderAt('/retrieve');
    for (const bad of ['0', '10000001', 'abc']) {
      fireEvent.change(screen.getByLabelText('Quote code'), { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Retrieve' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Enter the number code from your quote e-mail.');
    }
    expect(api.of('GET', '/api/saveRetrieve')).toHaveLength(0);
  });
});
