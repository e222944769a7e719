import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { CustomerConversationView } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import { SupportLauncher } from './SupportLauncher';

const chat = (
  messages: CustomerConversationView['messages'],
  emailStatus: CustomerConversationView['emailStatus'] = 'none',
): CustomerConversationView => ({
  id: 'c1',
  kind: 'support',
  driverName: null,
  about: null,
  messages,
  canReply: true,
  emailStatus,
});
const first = {
  id: 'm1',
  from: 'customer' as const,
  author: 'Pat',
  body: 'Can you move a piano?',
  at: '2026-03-01T10:00:00.000Z',
};
const answer = {
  id: 'm2',
  from: 'staff' as const,
  author: 'VanHop Support',
  body: 'Yes, with an expert team.',
  at: '2026-03-01T10:01:00.000Z',
};

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SupportLauncher />
    </MemoryRouter>,
  );

describe('Instant Support panel', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('starts a chat from the page the customer is on, keeps its link, and shows answers', async () => {
    let answered = false;
    const api = fakeApi({
      'POST /api/conversations/support': () => ({
        status: 201,
        json: { token: 'v1.tok', path: '/conversation/v1.tok', conversation: chat([first]) },
      }),
      'GET /api/conversations/v1.tok': () => ({ json: chat(answered ? [first, answer] : [first]) }),
    });
    renderAt('/services');
    fireEvent.click(screen.getByRole('button', { name: /Instant Support/ }));
    const panel = await screen.findByRole('dialog', { name: 'Instant Support' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Start chat' }));
    // Each field's error is announced and named by its field, as on every other form.
    const nameError = await within(panel).findByText('Please tell us your name');
    expect(nameError.getAttribute('role')).toBe('alert');
    expect(within(panel).getByLabelText('Your name').getAttribute('aria-describedby')).toBe(nameError.id);
    expect(within(panel).getByText('Please write a message').getAttribute('role')).toBe('alert');
    expect(api.of('POST', '/api/conversations/support')).toHaveLength(0);

    fireEvent.change(within(panel).getByLabelText('Your name'), { target: { value: 'Pat' } });
    fireEvent.change(within(panel).getByLabelText('How can we help?'), { target: { value: 'Can you move a piano?' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Start chat' }));
    await within(panel).findByText('Can you move a piano?');
    expect(api.of('POST', '/api/conversations/support')[0]!.body).toEqual({
      name: 'Pat',
      page: '/services',
      body: 'Can you move a piano?',
    });
    expect(JSON.parse(localStorage.getItem('vanhop.conversations')!)).toEqual({ support: 'v1.tok' });

    answered = true;
    await within(panel).findByText('Yes, with an expert team.', {}, { timeout: 6000 });
  }, 10_000);

  /** Pat starts a chat with an e-mail address on `path`; the server answers with `emailStatus`. */
  async function startWithEmail(path: string, emailStatus: CustomerConversationView['emailStatus']) {
    const api = fakeApi({
      'POST /api/conversations/support': () => ({
        status: 201,
        json: { token: 'v1.tok', path: '/conversation/v1.tok', conversation: chat([first], emailStatus) },
      }),
      'GET /api/conversations/v1.tok': () => ({ json: chat([first], emailStatus) }),
    });
    renderAt(path);
    fireEvent.click(screen.getByRole('button', { name: /Instant Support/ }));
    const panel = await screen.findByRole('dialog', { name: 'Instant Support' });
    fireEvent.change(within(panel).getByLabelText('Your name'), { target: { value: 'Pat' } });
    fireEvent.change(within(panel).getByLabelText(/Your e-mail/), { target: { value: 'pat@example.com' } });
    fireEvent.change(within(panel).getByLabelText('How can we help?'), { target: { value: 'Can you move a piano?' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Start chat' }));
    await within(panel).findByText('Can you move a piano?');
    return { api, panel };
  }

  it('with an e-mail address: says a confirmation link was sent and that replies reach the e-mail only after it is opened', async () => {
    const { panel } = await startWithEmail('/services', 'pending');
    expect((await within(panel).findByTestId('email-status')).textContent).toBe(
      'We have e-mailed you a link to confirm your address. Replies reach your e-mail only after you open that link; until then they appear here.',
    );
  });

  it("started on My move: sends the page's token as proof of the address, and names the page without it", async () => {
    const { api, panel } = await startWithEmail('/mymove/v1.bk.abc.sig/receipt/r1', 'verified');
    expect(api.of('POST', '/api/conversations/support')[0]!.body).toEqual({
      name: 'Pat',
      email: 'pat@example.com',
      page: '/mymove',
      myMoveToken: 'v1.bk.abc.sig',
      body: 'Can you move a piano?',
    });
    expect(within(panel).queryByTestId('email-status')).toBeNull();
  });

  it('on My move it knows the booking: says which one, and starts with the booking’s name and e-mail', async () => {
    const api = fakeApi({
      'GET /api/mymove/v1.bk.abc.sig': () => ({
        json: {
          randomNumber: 3519613,
          move: { date: '2026-12-12T10:00:00.000Z' },
          customer: { name: 'Alice Mover', email: 'alice@example.com', phone: '07700900123' },
        },
      }),
      'POST /api/conversations/support': () => ({
        status: 201,
        json: { token: 'v1.tok', path: '/conversation/v1.tok', conversation: chat([first], 'verified') },
      }),
      'GET /api/conversations/v1.tok': () => ({ json: chat([first], 'verified') }),
    });
    renderAt('/mymove/v1.bk.abc.sig');
    fireEvent.click(screen.getByRole('button', { name: /Instant Support/ }));
    const panel = await screen.findByRole('dialog', { name: 'Instant Support' });
    expect((await within(panel).findByTestId('chat-booking')).textContent).toContain('About your booking 3519613 on');
    expect((within(panel).getByLabelText('Your name') as HTMLInputElement).value).toBe('Alice Mover');
    expect((within(panel).getByLabelText(/Your e-mail/) as HTMLInputElement).value).toBe('alice@example.com');
    fireEvent.change(within(panel).getByLabelText('How can we help?'), { target: { value: 'Can you move a piano?' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Start chat' }));
    await within(panel).findByText('Can you move a piano?');
    expect(api.of('POST', '/api/conversations/support')[0]!.body).toMatchObject({
      name: 'Alice Mover',
      email: 'alice@example.com',
      page: '/mymove',
      myMoveToken: 'v1.bk.abc.sig',
    });
  });

  it('reopens the saved chat; a link that no longer opens is forgotten and a new chat offered', async () => {
    localStorage.setItem('vanhop.conversations', JSON.stringify({ support: 'v1.old' }));
    fakeApi({
      'GET /api/conversations/v1.old': () => ({
        status: 404,
        json: { message: 'This conversation link is not valid or has expired' },
      }),
    });
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: /Instant Support/ }));
    const panel = await screen.findByRole('dialog', { name: 'Instant Support' });
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Start chat' })).toBeShown());
    expect(JSON.parse(localStorage.getItem('vanhop.conversations')!)).toEqual({});
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /Instant Support/ })).toBeShown();
  });
});
