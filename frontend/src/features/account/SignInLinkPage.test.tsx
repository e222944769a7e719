import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CUSTOMER_ACCOUNT_MSG } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { SignInLinkPage } from './SignInLinkPage';
import { CUSTOMER_TOKEN_KEY } from './session';

const LINK = 'L'.repeat(43);
const SESSION = 'S'.repeat(43);

function renderPage(hash: string) {
  render(
    <MemoryRouter initialEntries={[`/account/sign-in${hash}`]}>
      <Routes>
        <Route path="/account/sign-in" element={<SignInLinkPage />} />
        <Route path="/account/moves" element={<p>my moves</p>} />
        <Route path="/account" element={<p>ask for a link</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the sign-in link page', () => {
  it('signs in only on the button (mail scanners open links too), keeps the session and opens My moves', async () => {
    const api = fakeApi({
      'POST /api/customer/session': () => ({
        status: 201,
        json: { token: SESSION, email: 'a@example.com', expiresAt: '2027-01-01T00:00:00.000Z' },
      }),
    });
    renderPage(`#${LINK}`);
    expect(api.calls.filter((c) => c.path !== '/api/config')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('my moves');
    expect(api.of('POST', '/api/customer/session')[0]!.body).toEqual({ token: LINK });
    expect(window.localStorage.getItem(CUSTOMER_TOKEN_KEY)).toBe(SESSION);
  });

  it('a used or expired link says so and offers a new one', async () => {
    fakeApi({
      'POST /api/customer/session': () => ({ status: 410, json: { message: CUSTOMER_ACCOUNT_MSG.linkExpired } }),
    });
    renderPage(`#${LINK}`);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('link-expired')).textContent).toBe(CUSTOMER_ACCOUNT_MSG.linkExpired);
    fireEvent.click(screen.getByRole('link', { name: 'Send me a new link' }));
    await waitFor(() => expect(screen.getByText('ask for a link')).toBeShown());
    expect(window.localStorage.getItem(CUSTOMER_TOKEN_KEY)).toBeNull();
  });

  it('a mangled link is refused without a call', () => {
    const api = fakeApi({});
    renderPage('#short');
    expect(screen.getByTestId('link-expired').textContent).toBe(CUSTOMER_ACCOUNT_MSG.linkExpired);
    expect(api.of('POST', '/api/customer/session')).toHaveLength(0);
  });
});
