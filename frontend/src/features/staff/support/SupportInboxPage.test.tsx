import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { StaffChatPage, SupportChatSummary, SupportChatView } from '@vanhop/contracts';
import { fakeApi, type Call } from '../../../testing/fakeApi';
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
const PAGES = 'GET /api/support/admin/conversations/page';
const page = (items: SupportChatSummary[], next: string | null = null, unanswered = 0): StaffChatPage => ({
  items,
  pageSize: items.length,
  next,
  unanswered,
});
/** The polled first pages: the waiting chats and the answered ones, by the `view` asked. */
const inboxPages =
  (waiting: SupportChatSummary[], answered: SupportChatSummary[] = []) =>
  ({ path }: Call) => ({
    json: path.includes('view=unanswered') ? page(waiting, null, waiting.length) : page(answered, null, waiting.length),
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
    fakeApi({
      [PAGES]: inboxPages([typed, proved]),
      'GET /api/support/admin/conversations/a': () => ({ json: view(typed) }),
      'GET /api/support/admin/conversations/b': () => ({ json: view(proved) }),
    });
    render(
      <MemoryRouter>
        <SupportInboxPage />
      </MemoryRouter>,
    );
    const items = await screen.findAllByTestId('support-chat');
    expect(within(items[0]!).getByText('Address not verified')).toBeShown();
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
      [PAGES]: inboxPages([fromMyMove]),
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

  it('polls only the first page of each view, and reads older answered chats a page at a time below them, none twice', async () => {
    const latest = Array.from({ length: 20 }, (_, i) => answered(i));
    const api = fakeApi({
      [PAGES]: ({ path }) => {
        if (path.includes('view=unanswered')) return { json: page([summary('w', null, false)], null, 1) };
        if (path.includes('after=second')) return { json: page([answered(22)]) };
        if (path.includes('after=first')) return { json: page([answered(20), answered(21)], 'second') };
        return { json: page(latest, 'first', 1) };
      },
    });
    render(
      <MemoryRouter>
        <SupportInboxPage />
      </MemoryRouter>,
    );
    expect(await screen.findAllByTestId('support-chat')).toHaveLength(21);
    expect(screen.getByTestId('unanswered-count').textContent).toBe('1 unanswered');
    expect(screen.queryByRole('button', { name: 'Show more waiting chats' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show older answered chats' }));
    await waitFor(() => expect(screen.getAllByTestId('support-chat')).toHaveLength(23));
    fireEvent.click(screen.getByRole('button', { name: 'Show older answered chats' }));
    await waitFor(() => expect(screen.getAllByTestId('support-chat')).toHaveLength(24));
    expect(screen.getByText('Answered 22')).toBeShown();
    expect(screen.queryByRole('button', { name: 'Show older answered chats' })).toBeNull();
    const asked = api.of('GET', '/api/support/admin/conversations').map((c) => c.path);
    // Every poll reads the two first pages; only the clicks read past them.
    expect(new Set(asked.filter((p) => !p.includes('after=')))).toEqual(
      new Set([
        '/api/support/admin/conversations/page?view=answered&pageSize=20',
        '/api/support/admin/conversations/page?view=unanswered&pageSize=50',
      ]),
    );
    expect(asked.filter((p) => p.includes('after='))).toEqual([
      '/api/support/admin/conversations/page?view=answered&pageSize=100&after=first',
      '/api/support/admin/conversations/page?view=answered&pageSize=100&after=second',
    ]);
    // The whole inbox is never read.
    expect(asked).not.toContain('/api/support/admin/conversations');
  });

  it('reads more waiting chats past the polled queue on request', async () => {
    const queue = Array.from({ length: 50 }, (_, i) => ({
      ...summary(`w-${i}`, null, false),
      customerName: `Waiting ${i}`,
    }));
    fakeApi({
      [PAGES]: ({ path }) => {
        if (path.includes('view=answered')) return { json: page([], null, 51) };
        if (path.includes('after=more')) return { json: page([summary('w-50', null, false)], null, 51) };
        return { json: page(queue, 'more', 51) };
      },
    });
    render(
      <MemoryRouter>
        <SupportInboxPage />
      </MemoryRouter>,
    );
    expect(await screen.findAllByTestId('support-chat')).toHaveLength(50);
    expect(screen.getByTestId('unanswered-count').textContent).toBe('51 unanswered');
    fireEvent.click(screen.getByRole('button', { name: 'Show more waiting chats' }));
    await waitFor(() => expect(screen.getAllByTestId('support-chat')).toHaveLength(51));
    expect(screen.queryByRole('button', { name: 'Show more waiting chats' })).toBeNull();
  });

  it('offers no older chats when the first page of answered chats is the last', async () => {
    fakeApi({ [PAGES]: inboxPages([], [answered(1), answered(2)]) });
    render(
      <MemoryRouter>
        <SupportInboxPage />
      </MemoryRouter>,
    );
    expect(await screen.findAllByTestId('support-chat')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show older answered chats' })).toBeNull();
  });
});
