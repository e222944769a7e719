import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { BookAgainDraft, MyMovesItem, MyMovesPage as MyMovesAnswer } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { MyMovesPage } from './MyMovesPage';
import { CUSTOMER_TOKEN_KEY } from './session';

const TOKEN = 'S'.repeat(43);

const move = (over: Partial<MyMovesItem>): MyMovesItem => ({
  bookingId: 'b-1',
  randomNumber: 1234567,
  moveDate: '2026-12-10T10:00:00.000Z',
  upcoming: true,
  kind: 'booking',
  statusText: '30 % deposit paid',
  places: ['London NW2, UK', 'Cricklewood, UK'],
  van: 'Large',
  totalPricePence: 16500,
  myMovePath: '/mymove/v1.abc',
  ...over,
});

const page = (moves: MyMovesItem[], hasMore = false, n = 1): MyMovesAnswer => ({
  email: 'alex@example.com',
  moves,
  page: n,
  pageSize: 20,
  hasMore,
});

const AGAIN: BookAgainDraft = {
  addresses: [
    { id: 'x', location: 'London NW2, UK', physicalAddress: '12 Example Road', stair: 1 },
    { id: 'y', location: 'Cricklewood, UK', physicalAddress: '3 Other Street', stair: 0 },
  ],
  vanSize: 'Luton',
  driverHelp: 'Driver-Help',
  hour: 3,
  description: 'Sofa',
  name: 'Alex Mover',
  email: 'alex@example.com',
  phone: '07123456789',
};

function BookingProbe() {
  const state = useLocation().state as { again?: BookAgainDraft } | null;
  return <p data-testid="booking-probe">{JSON.stringify(state?.again ?? null)}</p>;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/account/moves']}>
      <Routes>
        <Route path="/account/moves" element={<MyMovesPage />} />
        <Route path="/account" element={<p>ask for a link</p>} />
        <Route path="/booking" element={<BookingProbe />} />
        <Route path="/mymove/:token" element={<p>my move page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => window.localStorage.setItem(CUSTOMER_TOKEN_KEY, TOKEN));
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('My moves', () => {
  it('lists upcoming and past moves with the session token, each opening its My move page', async () => {
    const api = fakeApi({
      'GET /api/customer/moves': () => ({
        json: page([
          move({}),
          move({
            bookingId: 'b-2',
            randomNumber: 7654321,
            upcoming: false,
            myMovePath: '/mymove/v1.old',
            statusText: 'Paid',
          }),
        ]),
      }),
      'GET /api/customer/addresses': () => ({
        json: { addresses: [{ location: 'London NW2, UK', physicalAddress: '12 Example Road' }] },
      }),
    });
    renderPage();
    const upcoming = await screen.findByRole('list', { name: 'Upcoming moves' });
    expect(within(upcoming).getByText(/Code 1234567/)).toBeShown();
    const past = screen.getByRole('list', { name: 'Past moves' });
    expect(within(past).getByText(/Code 7654321/)).toBeShown();
    expect(screen.getByText('Signed in as alex@example.com.')).toBeShown();
    await screen.findByText('12 Example Road, London NW2, UK');
    expect(within(past).queryByRole('link', { name: 'Book this quote' })).toBeNull();
    const link = within(past).getByRole('link');
    expect(link.getAttribute('href')).toBe('/mymove/v1.old');
    fireEvent.click(link);
    await screen.findByText('my move page');
    expect(api.of('GET', '/api/customer/moves')[0]!.path).toBe('/api/customer/moves?page=1');
  });

  it('an upcoming saved quote offers to book it by its code', async () => {
    fakeApi({
      'GET /api/customer/moves': () => ({ json: page([move({ kind: 'saved-quote', statusText: 'Saved quote' })]) }),
      'GET /api/customer/addresses': () => ({ json: { addresses: [] } }),
    });
    renderPage();
    const book = await screen.findByRole('link', { name: 'Book this quote' });
    expect(book.getAttribute('href')).toBe('/retrieve/1234567');
  });

  it('shows older moves a page at a time', async () => {
    const api = fakeApi({
      'GET /api/customer/moves': (c) =>
        c.path.endsWith('page=2')
          ? { json: page([move({ bookingId: 'b-9', randomNumber: 9999999, upcoming: false })], false, 2) }
          : { json: page([move({})], true) },
      'GET /api/customer/addresses': () => ({ json: { addresses: [] } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Show older moves' }));
    await screen.findByText(/Code 9999999/);
    expect(screen.getByText(/Code 1234567/)).toBeShown();
    expect(screen.queryByRole('button', { name: 'Show older moves' })).toBeNull();
    expect(api.of('GET', '/api/customer/moves').map((c) => c.path)).toEqual([
      '/api/customer/moves?page=1',
      '/api/customer/moves?page=2',
    ]);
  });

  it('"Book this move again" takes the same move to the booking form', async () => {
    fakeApi({
      'GET /api/customer/moves': () => ({ json: page([move({})]) }),
      'GET /api/customer/addresses': () => ({ json: { addresses: [] } }),
      'GET /api/customer/moves/b-1/again': () => ({ json: AGAIN }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Book this move again' }));
    const probe = await screen.findByTestId('booking-probe');
    expect(JSON.parse(probe.textContent ?? 'null')).toEqual(AGAIN);
  });

  it('"Book this move again" that cannot be read says so and stays on the page, ready to try again', async () => {
    const api = fakeApi({
      'GET /api/customer/moves': () => ({ json: page([move({})]) }),
      'GET /api/customer/addresses': () => ({ json: { addresses: [] } }),
      'GET /api/customer/moves/b-1/again': () => ({ status: 500, json: { message: 'down' } }),
    });
    renderPage();
    const again = await screen.findByRole('button', { name: 'Book this move again' });
    fireEvent.click(again);
    expect((await screen.findByRole('alert')).textContent).toBe('We could not open that move: try again in a moment.');
    expect((again as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('booking-probe')).toBeNull();
    expect(api.of('GET', '/api/customer/moves/b-1/again')).toHaveLength(1);
  });

  it('a refused session (401) is cleared and the customer asked to sign in again', async () => {
    fakeApi({
      'GET /api/customer/moves': () => ({ status: 401, json: { message: 'Please sign in again' } }),
      'GET /api/customer/addresses': () => ({ status: 401, json: { message: 'Please sign in again' } }),
    });
    renderPage();
    await screen.findByText('ask for a link');
    await waitFor(() => expect(window.localStorage.getItem(CUSTOMER_TOKEN_KEY)).toBeNull());
  });

  it('signing out everywhere asks the server, then forgets the token', async () => {
    const api = fakeApi({
      'GET /api/customer/moves': () => ({ json: page([]) }),
      'GET /api/customer/addresses': () => ({ json: { addresses: [] } }),
      'POST /api/customer/sign-out-everywhere': () => ({ status: 204, text: '' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByText('ask for a link');
    expect(api.of('POST', '/api/customer/sign-out-everywhere')).toHaveLength(1);
    expect(window.localStorage.getItem(CUSTOMER_TOKEN_KEY)).toBeNull();
  });
});
