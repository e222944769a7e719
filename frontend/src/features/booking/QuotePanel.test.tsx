import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { homeNoticeOf } from '../../lib/homeNotice';
import { BOOKING_TIME_MESSAGES, MSG, type Offer, type Quote } from '@vanhop/contracts';
import { QuotePanel } from './QuotePanel';
import { RELEASE_OWN_BUTTON, RELEASE_OWN_TEXT } from '../../ui/ReleaseOwnCheckouts';
import { fakeApi } from '../../testing/fakeApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const quote: Quote = {
  name: 'Alice Mover',
  email: 'alice@example.com',
  phone: '07700900123',
  description: 'sofa',
  date: '2026-12-01T10:00:00.000Z',
  totalAddress: [
    { id: 'a', location: 'London NW2, UK', physicalAddress: '1 Road', stair: 0 },
    { id: 'b', location: 'London SE1, UK', physicalAddress: '2 Road', stair: 1 },
  ],
  places: ['London NW2, UK', 'London SE1, UK'],
  pickupStair: 0,
  deliveryStair: 1,
  viaStopStair: [],
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalHour: 3,
  totalSecond: 10800,
  totalPrice: 123.45,
  travelHour: 1500,
  travelMiles: 7.2,
  driverId: 'd1',
  driverName: 'Dave',
  overtimePerHalfHour: 20.58,
};
const offer: Offer = {
  driverId: 'd1',
  driverName: 'Dave',
  rating: 4.5,
  reviewCount: 10,
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalPrice: 123.45,
  overtimePerHalfHour: 20.58,
  chargesOnTheDay: [{ label: 'Congestion charge', amount: 15 }],
  breakdown: [{ label: 'Van and driver', amount: 100 }],
};

/** The home route: what the notice carried there says (the home page shows it on the page). */
function HomeEcho() {
  const notice = homeNoticeOf(useLocation().state);
  return <p data-testid="home">home page{notice ? ` | ${notice.title} ${notice.text}` : ''}</p>;
}

function renderPanel({
  stale = false,
  onRequote = vi.fn(),
  shown = quote,
}: {
  stale?: boolean;
  onRequote?: () => void;
  shown?: Quote;
} = {}) {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/booking']}>
      <Routes>
        <Route
          path="/booking"
          element={
            <QuotePanel
              quote={shown}
              offer={offer}
              stale={stale}
              onRequote={onRequote}
              onClose={onClose}
              onCompare={() => {}}
            />
          }
        />
        <Route path="/" element={<HomeEcho />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onClose };
}

describe('QuotePanel', () => {
  it('shows the deposit amounts to 2 decimals and toggles Show More / Show Less', () => {
    renderPanel();
    expect(screen.getByLabelText(/30%/).closest('label')!.textContent).toContain('£37.04');
    expect(screen.getByLabelText(/50%/).closest('label')!.textContent).toContain('£61.73');
    expect(screen.getByLabelText(/100%/).closest('label')!.textContent).toContain('£123.45');
    expect(screen.queryByText('Congestion charge £15.00')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText('Congestion charge £15.00')).toBeShown();
    expect(screen.getByText("£20.58 per half hour (the driver's rate for this van and help)")).toBeShown();
    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.queryByText('Congestion charge £15.00')).toBeNull();
  });

  it('a 1-hour move says it is charged the 2-hour minimum, and a 3-hour move does not', () => {
    const estimate = {
      driveSeconds: 1500,
      loadingSeconds: 900,
      suggestedHours: 1,
      hoursCoveringDrive: 0.5,
      overLongestBooking: false,
    };
    renderPanel({ shown: { ...quote, totalHour: 1, totalSecond: 7200, estimate } });
    expect(screen.getByTestId('job-estimate').textContent).toContain(
      '25 min driving + 15 min loading and unloading = 1 h suggested',
    );
    expect(document.querySelector('.job-estimate-minimum')?.textContent).toBe('1 h booked, 2 h charged: minimum');
    cleanup();

    renderPanel({ shown: { ...quote, estimate: { ...estimate, suggestedHours: 3 } } });
    expect(screen.getByTestId('job-estimate')).toBeShown();
    expect(document.querySelector('.job-estimate-minimum')).toBeNull();
  });

  it('Book Now needs a percentage, then creates the payment session and goes to its url', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const api = fakeApi({
      'POST /api/paymentbooking': () => ({ json: { sessionId: 'cs_1', url: '/api/payments/local-checkout/cs_1' } }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(alert).toHaveBeenCalledWith('Please Choosea percetage option');
    expect(api.of('POST', '/api/paymentbooking')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText(/50%/));
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/local-checkout/cs_1'));
    expect(api.of('POST', '/api/paymentbooking')[0]?.body).toMatchObject({
      percentage: 50,
      driverId: 'd1',
      name: 'Alice Mover',
    });
    // While the browser leaves for the checkout nothing can be booked again.
    expect((screen.getByRole('button', { name: 'Book Now' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'SaveForLater' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the limit on unpaid checkouts, with checkouts this tab opened: it offers to release them there and then, proved, and books', async () => {
    sessionStorage.setItem('vanhop.checkoutProofs', JSON.stringify(['cs_earlier_1', 'cs_earlier_2']));
    const limit =
      'You already have 2 moves waiting for payment. Finish paying one of them, or try again in 33 minutes when they lapse.';
    let released = false;
    const api = fakeApi({
      'POST /api/paymentbooking': () =>
        released
          ? { json: { sessionId: 'cs_3', url: '/api/payments/local-checkout/cs_3' } }
          : { status: 429, json: { message: limit } },
      'POST /api/paymentbooking/abandon': () => {
        released = true;
        return { json: { closed: 2 } };
      },
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderPanel();
    fireEvent.click(screen.getByLabelText(/30%/));
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(limit);
    expect(screen.getByTestId('release-own-checkouts').textContent).toContain(RELEASE_OWN_TEXT);
    fireEvent.click(screen.getByRole('button', { name: RELEASE_OWN_BUTTON }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/local-checkout/cs_3'));
    // The release carried this tab's proofs, and only them; then they were forgotten.
    expect(api.of('POST', '/api/paymentbooking/abandon').map((c) => c.body)).toEqual([
      { checkoutProofs: ['cs_earlier_1', 'cs_earlier_2'] },
    ]);
    const books = api.calls.filter((c) => c.method === 'POST' && c.path === '/api/paymentbooking');
    expect(books).toHaveLength(2);
    expect(books[1]?.body).not.toHaveProperty('checkoutProofs');
    expect(JSON.parse(sessionStorage.getItem('vanhop.checkoutProofs') ?? '[]')).toEqual(['cs_3']);
    sessionStorage.clear();
  });

  it('the limit on unpaid checkouts with none opened in this tab: nothing to release, only the words', async () => {
    sessionStorage.clear();
    fakeApi({
      'POST /api/paymentbooking': () => ({
        status: 429,
        json: { message: 'You already have 2 moves waiting for payment.' },
      }),
    });
    renderPanel();
    fireEvent.click(screen.getByLabelText(/30%/));
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await screen.findByRole('alert');
    expect(screen.queryByTestId('release-own-checkouts')).toBeNull();
  });

  it('SaveForLater saves with a retrieve code, thanks the customer by name and goes home', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const api = fakeApi({
      'POST /api/saveRetrieve': ({ body }) => ({
        json: {
          data: { randomNumber: (body as { randomNumber: number }).randomNumber, quote: { name: 'Alice Mover' } },
        },
      }),
    });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'SaveForLater' }));
    const home = await screen.findByTestId('home');
    const sent = api.of('POST', '/api/saveRetrieve')[0]?.body as { date: string; randomNumber: number; quote: Quote };
    expect(sent.randomNumber).toBeGreaterThanOrEqual(1);
    expect(sent.randomNumber).toBeLessThanOrEqual(10_000_000);
    expect(Number.isNaN(Date.parse(sent.date))).toBe(false);
    expect(sent.quote.driverId).toBe('d1');
    expect(alert.mock.calls[0]?.[0]).toContain('Thank you Alice Mover');
    expect(alert.mock.calls[0]?.[0]).toContain(String(sent.randomNumber));
    // Said on the page too, not only in the alert.
    expect(home.textContent).toContain(`Quote saved: your retrieve code is ${sent.randomNumber}.`);
  });

  it("minimises to a one-line bar with the total, out of the form's way, and comes back as it was", () => {
    renderPanel();
    fireEvent.click(screen.getByLabelText(/50%/));
    fireEvent.click(screen.getByRole('button', { name: 'Minimise to see the form' }));
    expect(screen.queryByRole('dialog', { name: 'Your quote' })).toBeNull();
    const bar = screen.getByTestId('quote-panel-bar');
    expect(bar.textContent).toContain('Your quote: £123.45');
    fireEvent.click(screen.getByRole('button', { name: 'Show my quote' }));
    expect(screen.getByRole('dialog', { name: 'Your quote' })).toBeShown();
    expect((screen.getByLabelText(/50%/) as HTMLInputElement).checked).toBe(true);
  });

  it('a stale quote shows no price and cannot be booked or saved, only priced again', () => {
    const api = fakeApi({});
    const onRequote = vi.fn();
    renderPanel({ stale: true, onRequote });
    const panel = screen.getByRole('dialog', { name: 'Your quote' });
    expect(screen.getByRole('alert').textContent).toContain(MSG.quote.pricesChanged);
    expect(panel.textContent).not.toContain('£123.45');
    expect(panel.textContent).not.toContain('£61.73');
    expect(screen.queryByRole('button', { name: 'Compare all quotes' })).toBeNull();
    for (const name of ['Book Now', 'SaveForLater']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveProperty('disabled', true);
      fireEvent.click(button);
    }
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: MSG.quote.getQuotesAgain }));
    expect(onRequote).toHaveBeenCalledTimes(1);
  });

  it('a move that became too soon is refused in the server\'s words with the earliest start, not "could not start the payment"', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    fakeApi({
      'POST /api/paymentbooking': () => ({
        status: 400,
        json: {
          message: BOOKING_TIME_MESSAGES.tooSoon,
          code: 'validation_failed',
          errors: { date: BOOKING_TIME_MESSAGES.tooSoon },
        },
      }),
    });
    renderPanel();
    fireEvent.click(screen.getByLabelText(/30%/));
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    const alert = await screen.findByText(
      /^Moving date is too soon: choose a later time\. The earliest start you can book now is /,
    );
    expect(alert.textContent).toMatch(/change the moving date on the form and get quotes again\.$/);
    expect(screen.queryByText(/could not start the payment/)).toBeNull();
  });

  it("a refusal that is not the customer's to fix (a 5xx) keeps the plain retry message", async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    fakeApi({
      'POST /api/paymentbooking': () => ({
        status: 503,
        json: { message: 'Payment service unavailable', code: 'unavailable' },
      }),
    });
    renderPanel();
    fireEvent.click(screen.getByLabelText(/30%/));
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect((await screen.findByText('We could not start the payment. Please try again.')).getAttribute('role')).toBe(
      'alert',
    );
  });

  it('when the server refuses the price (409), the panel turns stale with its message instead of a retry', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    fakeApi({
      'POST /api/paymentbooking': () => ({ status: 409, json: { message: MSG.quote.priceChanged, code: 'conflict' } }),
    });
    const onRequote = vi.fn();
    renderPanel({ onRequote });
    fireEvent.click(screen.getByLabelText(/30%/));
    fireEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await screen.findByText(MSG.quote.priceChanged);
    expect(screen.getByText(MSG.quote.pricesChanged)).toBeShown();
    expect(screen.getByRole('button', { name: 'Book Now' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('dialog', { name: 'Your quote' }).textContent).not.toContain('£123.45');
    fireEvent.click(screen.getByRole('button', { name: MSG.quote.getQuotesAgain }));
    expect(onRequote).toHaveBeenCalledTimes(1);
  });
});
