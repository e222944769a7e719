import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { CHECKOUT_RELEASE_MSG, CHECKOUT_RELEASE_PAGE } from '@vanhop/contracts';
import { PATHS } from '../../lib/paths';
import { fakeApi } from '../../testing/fakeApi';
import { renderRoutes } from '../../testing/render-routes';
import { ReleaseCheckoutsPage } from './ReleaseCheckoutsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = 'Zq3_-abcdefghijklmnopqrstuvwxyz0123456789ABC';
const renderAt = (path: string) =>
  renderRoutes(path, {
    [PATHS.releaseCheckouts]: <ReleaseCheckoutsPage />,
  });
const releaseButton = () => screen.getByRole('button', { name: 'Release these checkouts' });

describe('release checkouts page (a mailed link)', () => {
  it('is the page the contract links to', () => {
    expect(PATHS.releaseCheckouts).toBe(CHECKOUT_RELEASE_PAGE);
  });

  it('opening the link releases nothing; the button sends the token from the fragment and says what happened', async () => {
    const api = fakeApi({ 'POST /api/paymentbooking/release': () => ({ json: { released: 2, kept: 0 } }) });
    renderAt(`/release-checkouts#${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Release checkouts' })).toBeShown();
    expect(api.of('POST', '/api/paymentbooking/release')).toHaveLength(0);

    fireEvent.click(releaseButton());
    const outcome = await screen.findByTestId('release-outcome');
    expect(api.of('POST', '/api/paymentbooking/release').map((c) => c.body)).toEqual([{ token: TOKEN }]);
    expect(outcome.textContent).toBe(
      '2 checkouts were released: no money can be taken on them, and their drivers are free again. You can book your move now.',
    );
    expect(screen.queryByRole('button', { name: 'Release these checkouts' })).toBeNull();
  });

  it('a checkout already paid is said to stand', async () => {
    fakeApi({ 'POST /api/paymentbooking/release': () => ({ json: { released: 0, kept: 1 } }) });
    renderAt(`/release-checkouts#${TOKEN}`);
    fireEvent.click(releaseButton());
    const outcome = (await screen.findByTestId('release-outcome')).textContent ?? '';
    expect(outcome).toContain('Nothing was waiting any more');
    expect(outcome).toContain('1 checkout was already paid (or a payment was in progress), so it stands.');
  });

  it("an expired link shows the server's words and the button stays for another try", async () => {
    fakeApi({
      'POST /api/paymentbooking/release': () => ({
        status: 404,
        json: { message: CHECKOUT_RELEASE_MSG.linkInvalid, code: 'not_found' },
      }),
    });
    renderAt(`/release-checkouts#${TOKEN}`);
    fireEvent.click(releaseButton());
    expect((await screen.findByRole('alert')).textContent).toBe(CHECKOUT_RELEASE_MSG.linkInvalid);
    expect((releaseButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('a link without a token (or a mangled one) says so and offers no button', () => {
    const api = fakeApi({});
    for (const path of ['/release-checkouts', '/release-checkouts#not a token']) {
      renderAt(path);
      expect(screen.getByRole('alert').textContent).toBe(CHECKOUT_RELEASE_MSG.linkInvalid);
      expect(screen.queryByRole('button', { name: 'Release these checkouts' })).toBeNull();
      cleanup();
    }
    expect(api.of('POST', '/api/paymentbooking/release')).toHaveLength(0);
  });
});
