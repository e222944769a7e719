import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeApi } from '../../testing/fakeApi';
import { AccountPage } from './AccountPage';

function askFor(email: string) {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
}

describe('asking for a sign-in link to My moves', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('shows the link is on its way (the button disabled meanwhile), then the answer', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const api = fakeApi({
      'POST /api/customer/link': async () => {
        await held;
        return { json: { message: 'If that address has moves with us, a link is on its way' } };
      },
    });
    render(
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>,
    );
    askFor('alex@example.com');
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    answer();
    expect((await screen.findByTestId('link-sent')).textContent).toBe(
      'If that address has moves with us, a link is on its way. It works once, for 15 minutes.',
    );
    expect(api.of('POST', '/api/customer/link').map((c) => c.body)).toEqual([{ email: 'alex@example.com' }]);
  });

  it('says why the link could not be sent beside the address, and can be asked again', async () => {
    let refuse = true;
    fakeApi({
      'POST /api/customer/link': () =>
        refuse
          ? { status: 400, json: { message: 'Enter a valid e-mail address' } }
          : { json: { message: 'A link is on its way' } },
    });
    render(
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>,
    );
    askFor('not-an-address');
    await waitFor(() => expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('account-email-error')?.textContent).toContain('Enter a valid e-mail address');
    refuse = false;
    askFor('alex@example.com');
    expect((await screen.findByTestId('link-sent')).textContent).toContain('A link is on its way');
  });
});
