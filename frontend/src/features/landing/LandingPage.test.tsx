import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MSG } from '@vanhop/contracts';
import { LandingPage } from './LandingPage';

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/:id" element={<LandingPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('local landing page', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/config') return new Response(JSON.stringify({ phone: '1', email: 'a@b.c' }));
      if (url.startsWith('/api/geo/geocode')) {
        return new Response(
          JSON.stringify({
            status: 'OK',
            results: [{ formatted_address: 'Abbey Wood, London', geometry: { location: { lat: 51.487, lng: 0.109 } } }],
          }),
        );
      }
      return new Response('not found', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the service and place text with two Book Now links that carry the place to the search', () => {
    at('/man-and-van-abbey-wood');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Man and Van in Abbey Wood');
    const bookNow = screen.getAllByRole('link', { name: 'Book Now' });
    expect(bookNow).toHaveLength(2);
    for (const link of bookNow) expect(link.getAttribute('href')).toBe('/?from=Abbey%20Wood');
    expect(document.body.textContent).toContain('£10,000');
  });

  it('geocodes the place 1 second after it changes, then draws the map there', async () => {
    vi.useFakeTimers();
    at('/student-moves-east-central-london');
    await act(async () => vi.advanceTimersByTime(999));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/geo/geocode'))).toBe(false);
    expect(screen.getByText(MSG.maps.loading)).toBeShown();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/geo/geocode?address=East+Central+London', expect.anything());
    vi.useRealTimers();
    await waitFor(() => expect(document.querySelector('[data-map-engine="offline"]')).not.toBeNull());
    expect(screen.getByRole('img', { name: 'Map of East Central London' })).toBeShown();
  });

  it('shows the geocoding failure (and only shows it: nothing logged) and keeps the page', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/config'
        ? new Response('{"phone":"1","email":"a@b.c"}')
        : new Response(JSON.stringify({ status: 'ZERO_RESULTS', results: [] })),
    );
    at('/house-clearance-watford');
    await act(async () => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    await screen.findByText('We could not place Watford on the map.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('House Clearance in Watford');
    expect(error).not.toHaveBeenCalled();
  });

  it('shows the 404 page for any other id', () => {
    at('/man-and-van-narnia');
    expect(screen.getByText(MSG.notFound.title)).toBeShown();
    expect(screen.getByText(MSG.notFound.body)).toBeShown();
    expect(screen.getByRole('button', { name: MSG.notFound.button })).toBeShown();
  });
});
