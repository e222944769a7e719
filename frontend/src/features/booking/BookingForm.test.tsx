import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { MSG, type Offer, type Quote } from '@vanhop/contracts';
import { createStore } from '../../store/store';
import { addressChanged, detailsChanged, searchChosen } from '../../store/bookingSlice';
import BookingForm from './BookingForm';
import { fakeApi, type Call } from '../../testing/fakeApi';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const priced = {
  json: {
    yourinfo: { receivedData: {} },
    quote: { typeofVan: 'Large', typeOfWorker: 'Driver-Help' },
    offers: [],
    preliminary: true,
  },
};

function renderForm() {
  const store = createStore(null);
  store.dispatch(searchChosen({ pickup: 'London NW2, UK', dropoff: 'London SE1, UK' }));
  render(
    <Provider store={store}>
      <MemoryRouter>
        <BookingForm />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('BookingForm', () => {
  it('re-sends the booking whenever the number of addresses changes, and only then', async () => {
    const api = fakeApi({ 'POST /api/booking': () => priced });
    const store = renderForm();
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: '+ add stop' }));
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(2));
    const sent = api.of('POST', '/api/booking')[1]?.body as {
      addresses: { location: string; physicalAddress: string; stair: unknown }[];
      vanSize: string;
      driverHelp: string;
    };
    expect(sent.addresses.map((a) => a.location)).toEqual(['London NW2, UK', 'London NW2, UK', 'London SE1, UK']);
    expect(sent.addresses[1]).toMatchObject({ physicalAddress: '', stair: '' });
    expect(sent).toMatchObject({ vanSize: 'Large', driverHelp: 'Driver-Help' });

    // other edits do not re-price
    fireEvent.click(screen.getByLabelText(/Luton/));
    fireEvent.change(screen.getByLabelText('Building address', { selector: '#collection_address' }), {
      target: { value: '12 High Road' },
    });
    await waitFor(() => expect(store.getState().booking.addresses[0]?.physicalAddress).toBe('12 High Road'));
    expect(store.getState().booking.vanSize).toBe('Luton');
    expect(api.of('POST', '/api/booking')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove via stop 1' }));
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(3));
  });

  it('moves focus to the first field in error, in page order, when Get Free Quote finds errors', async () => {
    const api = fakeApi({ 'POST /api/booking': () => priced });
    renderForm();
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(1));
    // the collection address is filled: the first error is now its stairs, not the address
    fireEvent.change(screen.getByLabelText('Building address', { selector: '#collection_address' }), {
      target: { value: '12 High Road' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('collection_stair'));
    expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement?.getAttribute('aria-describedby')).toBe('collection_stair-error');
    expect(document.getElementById('collection_stair-error')?.textContent).toBeTruthy();
    // no quote was asked for: the form is not valid
    expect(api.of('POST', '/api/booking')).toHaveLength(1);

    // fixing that one and submitting again moves focus on to the next field in error
    fireEvent.change(document.getElementById('collection_stair')!, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('delivery_address'));
  });

  it('shows progress through the four groups of the form', async () => {
    fakeApi({ 'POST /api/booking': () => priced });
    renderForm();
    const progress = screen.getByRole('list', { name: 'Booking progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Van and help (done)',
      'Addresses',
      'Time and details',
      'About you',
    ]);
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
    await act(async () => {});
  });

  it('explains the 2-hour minimum under the hours, and 1 hour booked is charged as 2', async () => {
    const api = fakeApi({ 'POST /api/booking': () => priced });
    renderForm();
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(1));
    const help = document.querySelector('.hour-help')!;
    expect(help.textContent).toContain(
      'Moves are charged for at least 2 hours. Book the driving time plus loading and unloading: time beyond the hours booked is paid to the driver on the day.',
    );
    expect(help.querySelector('.job-estimate-minimum')).toBeNull();
    fireEvent.change(screen.getByLabelText('How many hours do you need?'), { target: { value: '1' } });
    await waitFor(() =>
      expect(help.querySelector('.job-estimate-minimum')?.textContent).toBe('1 h booked, 2 h charged: minimum'),
    );
    fireEvent.change(screen.getByLabelText('How many hours do you need?'), { target: { value: '2' } });
    await waitFor(() => expect(help.querySelector('.job-estimate-minimum')).toBeNull());
  });

  it('promises a text with the link only for a quote saved for later, the only time one is sent', async () => {
    fakeApi({ 'POST /api/booking': () => priced });
    renderForm();
    const aboutYou = screen.getByRole('region', { name: 'About you' });
    expect(aboutYou.querySelector('.note')?.textContent).toBe(
      'Save your quote for later and we will text and e-mail you a link to it, so you can come back to it at any time.',
    );
    expect(aboutYou.textContent).not.toContain('link to your quotes');
    await act(async () => {});
  });

  it('a failed background price (address count) shows nothing and logs nothing', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const api = fakeApi({ 'POST /api/booking': () => ({ status: 503, json: { message: 'down' } }) });
    renderForm();
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(1));
    await act(async () => {});
    expect(screen.queryByRole('alert')).toBeNull();
    expect(log).not.toHaveBeenCalled();
  });
});

type Posted = {
  addresses: { id: string; location: string; physicalAddress: string; stair: number | '' }[];
  vanSize: string;
  driverHelp: string;
  hour?: number;
  date?: string;
  description?: string;
  name?: string;
  email?: string;
  phone?: string;
};

/** A price that depends on the whole move, so every edit gives another one (a Large van for 2 h is £86). */
const priceOf = (b: Posted) =>
  86 +
  (b.vanSize === 'Luton' ? 40 : 0) +
  ((b.hour ?? 2) - 2) * 25 +
  (b.addresses.length - 2) * 75 +
  (b.description?.includes('piano') ? 10 : 0);

/** POST /api/booking as the quote service answers it: the move echoed as a Quote, one driver's offer at its price. */
function quoteAnswer({ body }: Call) {
  const b = body as Posted;
  const totalPrice = priceOf(b);
  const quote: Quote = {
    name: b.name ?? '',
    email: b.email ?? '',
    phone: b.phone ?? '',
    description: b.description ?? '',
    date: b.date ?? '',
    totalAddress: b.addresses.map((a) => ({ ...a, stair: a.stair === '' ? undefined : a.stair })),
    places: b.addresses.map((a) => a.location),
    pickupStair: Number(b.addresses[0]!.stair || 0),
    deliveryStair: Number(b.addresses.at(-1)!.stair || 0),
    viaStopStair: [],
    typeofVan: b.vanSize as Quote['typeofVan'],
    typeOfWorker: b.driverHelp as Quote['typeOfWorker'],
    totalHour: b.hour ?? 2,
    totalSecond: (b.hour ?? 2) * 3600,
    totalPrice,
    travelHour: 1200,
    travelMiles: 6,
    driverId: 'drv-1',
    driverName: 'Dave',
  };
  const offer: Offer = {
    driverId: 'drv-1',
    driverName: 'Dave',
    rating: 4.5,
    reviewCount: 10,
    typeofVan: quote.typeofVan,
    typeOfWorker: quote.typeOfWorker,
    totalPrice,
    overtimePerHalfHour: 20,
    chargesOnTheDay: [],
    breakdown: [{ label: 'Van and driver', amount: totalPrice }],
  };
  return { json: { yourinfo: { receivedData: b }, quote, offers: [offer], preliminary: false } };
}

/** A complete move (Large van, 2 h) already in the booking data, so Get Free Quote passes the form rules. */
function renderCompleteMove() {
  const store = createStore(null);
  store.dispatch(searchChosen({ pickup: 'London NW2, UK', dropoff: 'London SE1, UK' }));
  const [first, last] = store.getState().booking.addresses;
  store.dispatch(addressChanged({ id: first!.id, physicalAddress: '12 Cricklewood Lane', stair: 1 }));
  store.dispatch(addressChanged({ id: last!.id, physicalAddress: '5 Borough High Street', stair: 0 }));
  // A week ahead at 10:00 UTC: 10:00 or 11:00 in London, always a bookable start.
  const day = new Date(Date.now() + 7 * 86_400_000);
  const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 10)).toISOString();
  store.dispatch(
    detailsChanged({
      hour: 2,
      date,
      description: 'A wardrobe and 10 boxes.',
      name: 'Bob Carter',
      email: 'bob@example.com',
      phone: '07700900456',
    }),
  );
  render(
    <Provider store={store}>
      <MemoryRouter>
        <BookingForm />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const panel = () => screen.getByRole('dialog', { name: 'Your quote' });

async function getQuotesAndChoose(trigger: () => void) {
  trigger();
  const popup = await screen.findByRole('dialog', { name: 'Your quotes' });
  fireEvent.click(within(popup).getByRole('button', { name: 'Choose Dave' }));
  await screen.findByRole('dialog', { name: 'Your quote' });
}

function expectStale(oldPrice: string) {
  const p = panel();
  expect(within(p).getByText(MSG.quote.pricesChanged)).toBeShown();
  expect(within(p).getByRole('button', { name: 'Book Now' })).toHaveProperty('disabled', true);
  expect(within(p).getByRole('button', { name: 'SaveForLater' })).toHaveProperty('disabled', true);
  expect(p.textContent).not.toContain(oldPrice);
}

describe('BookingForm: the chosen offer follows the move', () => {
  it('van and hours changed after choosing: the old price cannot be booked; quotes again price and book the new move', async () => {
    const api = fakeApi({
      'POST /api/booking': quoteAnswer,
      'POST /api/paymentbooking': () => ({ json: { sessionId: 'cs_1', url: '/checkout/cs_1' } }),
    });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    renderCompleteMove();
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(1));
    await getQuotesAndChoose(() => fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' })));
    expect(panel().textContent).toContain('£86.00');

    fireEvent.click(screen.getByLabelText(/Luton/));
    fireEvent.change(screen.getByLabelText('How many hours do you need?'), { target: { value: '5' } });
    await waitFor(() => expectStale('£86.00'));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Book Now' }));
    expect(api.of('POST', '/api/paymentbooking')).toHaveLength(0);

    await getQuotesAndChoose(() =>
      fireEvent.click(within(panel()).getByRole('button', { name: MSG.quote.getQuotesAgain })),
    );
    expect(api.of('POST', '/api/booking').at(-1)!.body).toMatchObject({ vanSize: 'Luton', hour: 5 });
    expect(panel().textContent).toContain('£201.00');
    fireEvent.click(within(panel()).getByLabelText(/50%/));
    fireEvent.click(within(panel()).getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/cs_1'));
    expect(api.of('POST', '/api/paymentbooking')[0]!.body).toMatchObject({
      typeofVan: 'Luton',
      totalHour: 5,
      totalPrice: 201,
      percentage: 50,
    });
  });

  it('a via stop added after choosing: the re-priced draft does not lend its move to the old price', async () => {
    const api = fakeApi({
      'POST /api/booking': quoteAnswer,
      'POST /api/saveRetrieve': () => ({ json: { data: { randomNumber: 1, quote: { name: 'Bob Carter' } } } }),
    });
    vi.stubGlobal('alert', vi.fn());
    renderCompleteMove();
    await getQuotesAndChoose(() => fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' })));

    fireEvent.click(screen.getByRole('button', { name: '+ add stop' }));
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(3));
    await waitFor(() => expectStale('£86.00'));
    fireEvent.click(within(panel()).getByRole('button', { name: 'SaveForLater' }));
    expect(api.of('POST', '/api/saveRetrieve')).toHaveLength(0);

    // Removing the stop again is the very move that was priced: its price is good again.
    fireEvent.click(screen.getByRole('button', { name: 'Remove via stop 1' }));
    await waitFor(() =>
      expect(within(panel()).getByRole('button', { name: 'Book Now' })).toHaveProperty('disabled', false),
    );
    expect(panel().textContent).toContain('£86.00');
  });

  it('every other edit of the move invalidates the choice too: help, stairs, date, description and contact details', async () => {
    fakeApi({ 'POST /api/booking': quoteAnswer });
    const store = renderCompleteMove();
    await getQuotesAndChoose(() => fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' })));
    const edits: [string, () => void][] = [
      ['help', () => fireEvent.click(screen.getByLabelText(/Driver-Plus-One/))],
      [
        'stairs',
        () =>
          fireEvent.change(screen.getByLabelText('Stairs', { selector: '#collection_stair' }), {
            target: { value: '3' },
          }),
      ],
      [
        'date',
        () =>
          store.dispatch(
            detailsChanged({ date: new Date(Date.parse(store.getState().booking.date) + 86_400_000).toISOString() }),
          ),
      ],
      [
        'description',
        () =>
          fireEvent.change(screen.getByLabelText('Describe what is moving'), { target: { value: 'A piano stool.' } }),
      ],
      ['name', () => fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Bob Edited' } })],
      ['e-mail', () => fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'bob2@example.com' } })],
      ['phone', () => fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '07700900999' } })],
    ];
    for (const [what, edit] of edits) {
      const shown = panel().querySelector('.quote-panel-price strong')!.textContent!;
      edit();
      await waitFor(() => expectStale(shown), { onTimeout: (e) => new Error(`after the ${what} edit: ${e.message}`) });
      await getQuotesAndChoose(() =>
        fireEvent.click(within(panel()).getByRole('button', { name: MSG.quote.getQuotesAgain })),
      );
      expect(within(panel()).getByRole('button', { name: 'Book Now' })).toHaveProperty('disabled', false);
    }
  });

  it('a draft priced on load that answers after Get Free Quote does not replace the offers of the complete move', async () => {
    let releaseDraft = () => {};
    const draftHeld = new Promise<void>((r) => (releaseDraft = r));
    let calls = 0;
    fakeApi({
      'POST /api/booking': async (call) => {
        if (++calls > 1) return quoteAnswer(call);
        await draftHeld;
        const draft = quoteAnswer(call);
        draft.json.offers[0]!.totalPrice = 1;
        return draft;
      },
    });
    renderCompleteMove();
    fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' }));
    const popup = await screen.findByRole('dialog', { name: 'Your quotes' });
    expect(popup.textContent).toContain('£86.00');
    releaseDraft();
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.getByRole('dialog', { name: 'Your quotes' }).textContent).toContain('£86.00');
    expect(screen.getByRole('dialog', { name: 'Your quotes' }).textContent).not.toContain('£1.00');
  });
});

describe('BookingForm: a failed Get Free Quote', () => {
  it('shows the send failure instead of only logging it, and clears it when the next send works', async () => {
    let down = true;
    fakeApi({ 'POST /api/booking': (call) => (down ? { status: 503, json: { message: 'down' } } : quoteAnswer(call)) });
    renderCompleteMove();
    await act(async () => {});
    fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.booking.sendFailed);
    expect(screen.queryByRole('dialog', { name: 'Your quotes' })).toBeNull();

    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' }));
    await screen.findByRole('dialog', { name: 'Your quotes' });
    expect(screen.queryByText(MSG.booking.sendFailed)).toBeNull();
  });
});

describe('BookingForm: other days, same move', () => {
  /** The quote answer with the days either side: a day before is £12 less, the day after has nobody free. */
  const withDays = (call: Call) => {
    const answer = quoteAnswer(call);
    const { date, totalPrice } = answer.json.quote;
    if (!date) return answer;
    const shift = (days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString();
    const flexibleDates = [
      { day: shift(-1).slice(0, 10), date: shift(-1), lowestPrice: totalPrice - 12 },
      { day: shift(1).slice(0, 10), date: shift(1), lowestPrice: null },
    ];
    return { json: { ...answer.json, flexibleDates } };
  };

  it('shows each day against the price quoted under the date, and choosing one quotes that day', async () => {
    const api = fakeApi({ 'POST /api/booking': withDays });
    const store = renderCompleteMove();
    const quotedDate = store.getState().booking.date;
    await waitFor(() => expect(api.of('POST', '/api/booking')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Get Free Quote' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Your quotes' })).getByRole('button', { name: 'Close' }),
    );

    const strip = await screen.findByTestId('flexible-dates');
    const [cheaper, full] = within(strip).getAllByRole('button');
    expect(cheaper!.textContent).toContain('£12.00 less');
    expect(full!.textContent).toContain('No driver free');
    expect(full).toHaveProperty('disabled', true);

    const before = api.of('POST', '/api/booking').length;
    fireEvent.click(cheaper!);
    const dayBefore = new Date(Date.parse(quotedDate) - 86_400_000).toISOString();
    await waitFor(() => expect(api.of('POST', '/api/booking').length).toBeGreaterThan(before));
    expect(api.of('POST', '/api/booking').at(-1)!.body).toMatchObject({ date: dayBefore });
    expect(store.getState().booking.date).toBe(dayBefore);
  });
});
