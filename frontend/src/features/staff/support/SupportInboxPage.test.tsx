import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { SupportChatSummary, SupportChatView, SupportInbox } from '@vanhop/contracts';
import { fakeApi } from '../../../testing/fakeApi';
import { TOKEN_KEY } from '../admin/session';
import { SupportInboxPage } from './SupportInboxPage';

const message = { from: 'customer' as const, body: 'Can you move a piano?', at: '2026-03-01T10:00:00.000Z' };
const summary = (id: string, customerEmail: string | null, emailVerified: boolean): SupportChatSummary => ({
  id,
  customerName: `Customer ${id}`,
  customerEmail,
  emailVerified,
  page: '/faq',
  awaitingStaff: true,
  waitingSince: message.at,
  lastMessage: message,
  messageCount: 1,
  createdAt: message.at,
});
const view = (s: SupportChatSummary): SupportChatView => {
  const { lastMessage: _last, ...rest } = s;
  return { ...rest, messages: [{ id: 'm1', author: s.customerName, ...message }], canReply: true };
};

describe('staff support inbox: addresses nobody proved', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'tok'));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('marks a typed address "Address not verified" in the list and the chat, without a mailto link; a proved one is a link', async () => {
    const typed = summary('a', 'someone@example.com', false);
    const proved = summary('b', 'mover@example.com', true);
    const inbox: SupportInbox = { conversations: [typed, proved], unanswered: 2 };
    fakeApi({
      'GET /api/support/admin/conversations': () => ({ json: inbox }),
      'GET /api/support/admin/conversations/a': () => ({ json: view(typed) }),
      'GET /api/support/admin/conversations/b': () => ({ json: view(proved) }),
    });
    render(
      <MemoryRouter>
        <SupportInboxPage />
      </MemoryRouter>,
    );
    const items = await screen.findAllByTestId('support-chat');
    expect(within(items[0]!).getByText('Address not verified')).toBeTruthy();
    expect(within(items[1]!).queryByText('Address not verified')).toBeNull();

    fireEvent.click(items[0]!);
    expect((await screen.findByTestId('email-not-verified')).textContent).toBe('Address not verified');
    expect(screen.getByText('someone@example.com').closest('a')).toBeNull();

    fireEvent.click(items[1]!);
    const link = await screen.findByRole('link', { name: 'mover@example.com' });
    expect(link.getAttribute('href')).toBe('mailto:mover@example.com');
    expect(screen.queryByTestId('email-not-verified')).toBeNull();
  });

  it('a chat opened from My move names its booking in the list and links the chat to the booking record', async () => {
    const fromMyMove: SupportChatSummary = {
      ...summary('c', 'mover@example.com', true),
      page: '/mymove',
      booking: { id: 'bk-42', reference: 4242, customerName: 'Mo Mover' },
    };
    fakeApi({
      'GET /api/support/admin/conversations': () => ({ json: { conversations: [fromMyMove], unanswered: 1 } }),
      'GET /api/support/admin/conversations/c': () => ({ json: view(fromMyMove) }),
    });
    render(
      <MemoryRouter>
        <SupportInboxPage />
      </MemoryRouter>,
    );
    const [item] = await screen.findAllByTestId('support-chat');
    expect(within(item!).getByTestId('support-chat-booking').textContent).toBe('Booking 4242');
    fireEvent.click(item!);
    const about = await screen.findByTestId('support-chat-booking-link');
    expect(about.textContent).toBe('About booking 4242 of Mo Mover');
    expect(within(about).getByRole('link', { name: 'booking 4242' }).getAttribute('href')).toBe(
      '/admin/dashboard?booking=bk-42',
    );
  });
});

describe('staff support inbox: older answered chats', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'tok'));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  const answered = (n: number): SupportChatSummary => ({
    ...summary(`old-${n}`, null, false),
    customerName: `Answered ${n}`,
    awaitingStaff: false,
    waitingSince: null,
  });

  it('reads answered chats older than the inbox a page at a time, without listing one twice', async () => {
    // The inbox: one waiting and its latest 50 answered; the pages hold those 50 and three older.
    const latest = Array.from({ length: 50 }, (_, i) => answered(i));
    const inbox: SupportInbox = { conversations: [summary('w', null, false), ...latest], unanswered: 1 };
    const api = fakeApi({
      'GET /api/support/admin/conversations': () => ({ json: inbox }),
      'GET /api/support/admin/conversations/page': ({ path }) =>
        path.includes('after=second')
          ? { json: { items: [answered(52)], pageSize: 100, next: null } }
          : { json: { items: [...latest, answered(50), answered(51)], pageSize: 100, next: 'second' } },
    });
    render(
      <MemoryRouter>
        <SupportInboxPage />
      </MemoryRouter>,
    );
    expect(await screen.findAllByTestId('support-chat')).toHaveLength(51);
    fireEvent.click(screen.getByRole('button', { name: 'Show older answered chats' }));
    await waitFor(() => expect(screen.getAllByTestId('support-chat')).toHaveLength(53));
    fireEvent.click(screen.getByRole('button', { name: 'Show older answered chats' }));
    await waitFor(() => expect(screen.getAllByTestId('support-chat')).toHaveLength(54));
    expect(screen.getByText('Answered 52')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older answered chats' })).toBeNull();
    expect(api.of('GET', '/api/support/admin/conversations/page').map((c) => c.path)).toEqual([
      '/api/support/admin/conversations/page?view=answered&pageSize=100',
      '/api/support/admin/conversations/page?view=answered&pageSize=100&after=second',
    ]);
  });

  it('offers no older chats when the inbox holds fewer answered ones than it lists at most', async () => {
    fakeApi({
      'GET /api/support/admin/conversations': () => ({
        json: { conversations: [answered(1), answered(2)], unanswered: 0 } satisfies SupportInbox,
      }),
    });
    render(
      <MemoryRouter>
        <SupportInboxPage />
      </MemoryRouter>,
    );
    expect(await screen.findAllByTestId('support-chat')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show older answered chats' })).toBeNull();
  });
});
