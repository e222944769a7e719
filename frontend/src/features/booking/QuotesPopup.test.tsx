import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { BookingQuoteResponse, Offer, OfferFilter, Quote } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { QuotesPopup } from './QuotesPopup';

const offer = (
  driverId: string,
  driverName: string,
  rating: number,
  reviewCount: number,
  totalPrice: number,
): Offer => ({
  driverId,
  driverName,
  rating,
  reviewCount,
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalPrice,
  overtimePerHalfHour: 20,
  chargesOnTheDay: [],
  breakdown: [],
});
const quote = {
  name: 'Bob Carter',
  email: 'bob@example.com',
  date: '2026-03-20T10:00:00.000Z',
  places: ['London NW2, UK', 'London SE1, UK'],
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  totalHour: 3,
} as Quote;
const response: BookingQuoteResponse = {
  yourinfo: { receivedData: {} },
  quote,
  offers: [offer('drv-a', 'Ali', 4.0, 2, 150), offer('drv-b', 'Bea', 4.5, 10, 160)],
  preliminary: false,
};

describe('quotes popup: ratings and messaging a driver', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows each offer's own rating and count (VanHop's reviews already counted in by the server), asking nothing more", async () => {
    const api = fakeApi({ 'GET /api/reviews/drivers': () => ({ json: { 'drv-a': { rating: 1, count: 2 } } }) });
    const rated = { ...response, offers: [offer('drv-a', 'Ali', 2.5, 4, 150), offer('drv-b', 'Bea', 4.5, 10, 160)] };
    render(<QuotesPopup response={rated} onChoose={() => {}} onClose={() => {}} />);
    const [ali, bea] = screen.getAllByTestId('offer-rating');
    expect(ali!.textContent).toBe('★ 2.5 (4)');
    expect(bea!.textContent).toBe('★ 4.5 (10)');
    expect(ali!.getAttribute('aria-label')).toBe('Rated 2.5 out of 5 from 4 reviews');
    // The badge follows the same figure the server ranks and filters by.
    expect(within(bea!.closest('li') ?? document.body).queryByText('Best rated')).not.toBeNull();
    expect(api.of('GET', '/api/reviews/drivers')).toEqual([]);
  });

  it('a driver nobody has reviewed shows as new, not as 0.0 stars; their first VanHop review gives them stars', async () => {
    fakeApi({});
    const fresh = { ...response, offers: [offer('drv-n', 'Nia New', 0, 0, 140), offer('drv-c', 'Cy Long', 5, 1, 145)] };
    render(<QuotesPopup response={fresh} onChoose={() => {}} onClose={() => {}} />);
    const [nia, cy] = screen.getAllByTestId('offer-rating');
    expect(cy!.textContent).toBe('★ 5.0 (1)');
    expect(cy!.getAttribute('aria-label')).toBe('Rated 5.0 out of 5 from 1 review');
    expect(nia!.textContent).toBe('New driver · No reviews yet');
    expect(nia!.getAttribute('aria-label')).toBe('New driver: no reviews yet');
  });

  it('messages a driver about this quote with the details from the form, and keeps the thread', async () => {
    const conversation = {
      id: 'c1',
      kind: 'driver',
      driverName: 'Ali',
      about: null,
      messages: [{ id: 'm1', from: 'customer', author: 'Bob Carter', body: 'Piano?', at: '2026-03-01T10:00:00.000Z' }],
      canReply: true,
    };
    const api = fakeApi({
      'POST /api/conversations/driver': () => ({
        status: 201,
        json: { token: 'v1.t', path: '/conversation/v1.t', conversation },
      }),
      'GET /api/conversations/v1.t': () => ({ json: conversation }),
    });
    render(<QuotesPopup response={response} onChoose={() => {}} onClose={() => {}} />);
    const first = screen.getAllByTestId('offer')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Message Ali' }));
    const panel = await within(first).findByTestId('message-driver');
    expect((within(panel).getByLabelText('Your name') as HTMLInputElement).value).toBe('Bob Carter');
    expect((within(panel).getByLabelText('Your e-mail') as HTMLInputElement).value).toBe('bob@example.com');
    fireEvent.change(within(panel).getByLabelText('Message to Ali'), { target: { value: 'Piano?' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Send to Ali' }));
    await within(panel).findByText('Piano?');
    expect(api.of('POST', '/api/conversations/driver')[0]!.body).toEqual({
      driverId: 'drv-a',
      name: 'Bob Carter',
      email: 'bob@example.com',
      body: 'Piano?',
      about: {
        kind: 'quote',
        date: quote.date,
        places: quote.places,
        typeofVan: 'Large',
        typeOfWorker: 'Driver-Help',
        totalHour: 3,
        totalPrice: 150,
      },
    });
    expect(JSON.parse(localStorage.getItem('vanhop.conversations')!)).toEqual({ drivers: { 'drv-a': 'v1.t' } });
  });

  it('shows avatars, van pictures and badges, sorts by price or rating, and marks the chosen offer', async () => {
    fakeApi({ 'GET /api/reviews/drivers': () => ({ json: {} }) });
    const withPhoto = { ...offer('drv-c', 'Cy Long', 3.0, 1, 140), photoUrl: 'data:image/png;base64,AAAA' };
    const many = { ...response, offers: [...response.offers, withPhoto] };
    render(<QuotesPopup response={many} onChoose={() => {}} onClose={() => {}} selectedId="drv-b" />);
    const names = () => screen.getAllByTestId('offer').map((o) => o.querySelector('h3')!.textContent);
    expect(names()).toEqual(['Cy Long', 'Ali', 'Bea']);
    const [cy, ali, bea] = screen.getAllByTestId('offer');
    expect(cy!.querySelector('.ui-avatar img')!.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(ali!.querySelector('.ui-avatar')!.textContent).toBe('A');
    expect(within(ali!).getByRole('img', { name: 'Large van' }).getAttribute('src')).toBe('/images/vans/large.svg');
    expect(within(cy!).getByText('Cheapest')).toBeShown();
    expect(within(bea!).getByText('Best rated')).toBeShown();
    expect(within(bea!).getByText('Most reviewed')).toBeShown();
    expect(within(bea!).getByText('✓ Your choice')).toBeShown();
    expect(bea!.className).toContain('ui-card--selected');
    expect(bea!.getAttribute('aria-current')).toBe('true');
    expect(ali!.className).not.toContain('ui-card--selected');

    fireEvent.click(screen.getByRole('radio', { name: 'Best rating' }));
    expect(names()).toEqual(['Bea', 'Ali', 'Cy Long']);
    fireEvent.click(screen.getByRole('radio', { name: 'Lowest price' }));
    expect(names()).toEqual(['Cy Long', 'Ali', 'Bea']);
    await waitFor(() => expect(screen.getAllByTestId('offer-rating')[0]!.textContent).toBe('★ 3.0 (1)'));
  });

  it('says how many matched, asks the server for more and for another order, and keeps the server’s soonest-free order', async () => {
    fakeApi({ 'GET /api/reviews/drivers': () => ({ json: {} }) });
    const priced = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => offer(`drv-${from + i}`, `Driver ${from + i}`, 4, 3, 100 + from + i));
    const first = { ...response, offers: priced(12), offersTotal: 15, offersSort: 'price' as const, offersOffset: 0 };
    const loadOffers = vi.fn(async (page: { sort: string; offset: number }) =>
      page.sort === 'soonest'
        ? // The server's order: dearest first here, which the popup must not re-sort by price.
          { ...first, offers: [offer('drv-s1', 'Sam Soon', 3, 1, 190), offer('drv-s2', 'Tia Later', 5, 9, 120)] }
        : { ...first, offers: priced(3, page.offset), offersOffset: page.offset },
    );
    render(<QuotesPopup response={first} onChoose={() => {}} onClose={() => {}} loadOffers={loadOffers} />);
    expect(screen.getByText('Showing 12 of 15 offers')).toBeShown();
    expect(screen.getAllByTestId('offer')).toHaveLength(12);

    fireEvent.click(screen.getByRole('button', { name: 'Show more offers' }));
    await waitFor(() => expect(screen.getAllByTestId('offer')).toHaveLength(15));
    expect(loadOffers).toHaveBeenLastCalledWith({ sort: 'price', offset: 12 });
    expect(screen.getByText('15 offers')).toBeShown();
    // All shown: no more to ask for.
    expect(screen.queryByRole('button', { name: 'Show more offers' })).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Soonest free' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('offer').map((o) => o.querySelector('h3')!.textContent)).toEqual([
        'Sam Soon',
        'Tia Later',
      ]),
    );
    expect(loadOffers).toHaveBeenLastCalledWith({ sort: 'soonest', offset: 0 });
    expect(screen.getByText('Showing 2 of 15 offers')).toBeShown();
    expect(screen.getByRole('button', { name: 'Show more offers' })).toBeShown();
  });

  it('without a way to ask the server, sorts what it has and offers no soonest-free order', () => {
    fakeApi({ 'GET /api/reviews/drivers': () => ({ json: {} }) });
    render(<QuotesPopup response={response} onChoose={() => {}} onClose={() => {}} />);
    expect(screen.queryByRole('radio', { name: 'Soonest free' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show more offers' })).toBeNull();
    expect(screen.getByText('2 offers')).toBeShown();
  });

  it('shows the known charges on the day on the offer itself, not only in the collapsed list', () => {
    fakeApi({ 'GET /api/reviews/drivers': () => ({ json: {} }) });
    const withUlez = {
      ...offer('drv-u', 'Dave', 4.2, 5, 156),
      chargesOnTheDay: [
        { label: 'ULEZ daily charge (van registered before 2005)', amount: 12.5 },
        { label: 'Tolls and ferry fees on the route, if any', amount: null },
      ],
    };
    render(
      <QuotesPopup
        response={{ ...response, offers: [withUlez, offer('drv-m', 'Marta', 4.4, 7, 162)] }}
        onChoose={() => {}}
        onClose={() => {}}
      />,
    );
    const [first, second] = screen.getAllByTestId('offer');
    // Marta's £162 is less than Dave's £156 + £12.50: she is first and the cheapest.
    expect(within(first!).getByRole('heading').textContent).toBe('Marta');
    expect(within(first!).getByText('Cheapest')).toBeShown();
    expect(within(second!).getByTestId('offer-on-the-day').textContent).toBe('+ £12.50 ULEZ on the day');
    expect(within(first!).queryByTestId('offer-on-the-day')).toBeNull();
  });

  it('filters on the server from labelled controls, shows what matches, and clears the filters when nothing does', async () => {
    fakeApi({ 'GET /api/reviews/drivers': () => ({ json: {} }) });
    const first = { ...response, offersTotal: 2, offersSort: 'price' as const, offersOffset: 0 };
    const loadOffers = vi.fn(
      async (page: { sort: string; offset: number; filter?: OfferFilter }): Promise<BookingQuoteResponse> =>
        page.filter?.maxPricePounds === 100
          ? { ...first, offers: [], offersTotal: 0 }
          : page.filter?.minRating === 4.5
            ? { ...first, offers: [offer('drv-b', 'Bea', 4.5, 10, 160)], offersTotal: 1 }
            : first,
    );
    render(<QuotesPopup response={first} onChoose={() => {}} onClose={() => {}} loadOffers={loadOffers} />);
    expect(screen.getByRole('group', { name: 'Filter offers' })).toBeShown();

    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '4.5' } });
    await waitFor(() => expect(screen.getAllByTestId('offer')).toHaveLength(1));
    expect(loadOffers).toHaveBeenLastCalledWith({ sort: 'price', offset: 0, filter: { minRating: 4.5 } });
    expect(screen.getByText('1 offer')).toBeShown();

    fireEvent.click(screen.getByLabelText('ULEZ-compliant vans only'));
    await waitFor(() =>
      expect(loadOffers).toHaveBeenLastCalledWith({
        sort: 'price',
        offset: 0,
        filter: { minRating: 4.5, ulezCompliant: true },
      }),
    );
    fireEvent.change(screen.getByLabelText('Price in all'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByText('No offers match these filters.')).toBeShown());
    expect(screen.queryAllByTestId('offer')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByTestId('offer')).toHaveLength(2));
    expect(loadOffers).toHaveBeenLastCalledWith({ sort: 'price', offset: 0 });
    expect((screen.getByLabelText('Rating') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('ULEZ-compliant vans only') as HTMLInputElement).checked).toBe(false);
  });

  it("opens a driver's profile on demand: photo, vans, what staff checked and written reviews", async () => {
    const api = fakeApi({
      'GET /api/reviews/drivers': () => ({ json: {} }),
      'GET /api/driver-profiles/drv-b': () => ({
        json: {
          driverId: 'drv-b',
          name: 'Bea',
          rating: 4.5,
          reviewCount: 10,
          vanSizes: ['Medium', 'Large'],
          helpLevels: ['Driver-Help'],
          ulezCompliant: true,
          area: 'NW2',
          vetting: { insuranceChecked: true, licenceChecked: false },
        },
      }),
      'GET /api/reviews/drivers/drv-b': () => ({
        json: {
          driverId: 'drv-b',
          reviews: [
            {
              rating: 5,
              driverRating: 5,
              text: 'Careful with the piano',
              authorName: 'Olu B.',
              submittedAt: '2026-02-01T10:00:00.000Z',
            },
          ],
        },
      }),
    });
    render(<QuotesPopup response={response} onChoose={() => {}} onClose={() => {}} />);
    expect(api.of('GET', '/api/driver-profiles')).toHaveLength(0);
    const toggle = screen.getByRole('button', { name: "View Bea's profile" });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const profile = await screen.findByTestId('driver-profile');
    await waitFor(() => expect(within(profile).getByText('Careful with the piano')).toBeShown());
    expect(within(profile).getByText('✓ Insurance checked')).toBeShown();
    expect(within(profile).queryByText('✓ Licence checked')).toBeNull();
    expect(within(profile).getByText('Medium, Large')).toBeShown();
    expect(within(profile).getByText('Olu B., 1 February 2026')).toBeShown();
    expect(screen.getByRole('button', { name: "Hide Bea's profile" }).getAttribute('aria-expanded')).toBe('true');
  });
});
