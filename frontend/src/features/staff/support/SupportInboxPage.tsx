/**
 * /admin/support: the staff inbox of Instant Support chats. Unanswered chats come first, the
 * longest waiting on top; the list and the open chat refresh every few seconds, so new customer
 * messages appear without reloading. An address the customer only typed is marked "Address not
 * verified": answers are not e-mailed to it, and staff should not write to it from their own mail.
 * The page polls only the first page of each view (the waiting queue and the latest answered
 * chats), so its cost stays the same however long the history grows; more waiting chats and older
 * answered ones are read a page at a time below them, on request.
 */
import { useCallback, useRef, useState } from 'react';
import type { StaffChatPage, StaffChatView, SupportChatSummary, SupportChatView } from '@vanhop/contracts';
import { answerSupportChat, fetchSupportChat, fetchSupportChatPage } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { Thread } from '../../../ui/chat/Thread';
import { usePolling } from '../../../lib/usePolling';
import '../../../ui/chat/conversations.css';
import '../../../ui/chat/support.css';
import { Button } from '../../../ui';
import { Link } from 'react-router-dom';
import { bookingLink } from '../drivers/ReturnedJobs';

/** How often the inbox and the open chat are read again. */
export const INBOX_POLL_MS = 4000;

export const ADDRESS_NOT_VERIFIED = 'Address not verified';
/** The polled first pages: the waiting queue's head and the latest answered chats. */
export const WAITING_PAGE_SIZE = 50;
export const ANSWERED_PAGE_SIZE = 20;
/** Chats read per "Show more" below the polled pages. */
export const MORE_PAGE_SIZE = 100;

interface PolledInbox {
  waiting: StaffChatPage;
  answered: StaffChatPage;
}

/** More of one view read on request (`next` undefined: none read yet, the polled page's `next` follows; null: no more). */
function useMore(view: StaffChatView) {
  const { token, guard } = useAdminSession();
  const [items, setItems] = useState<SupportChatSummary[]>([]);
  const [next, setNext] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const read = async (from: string | null) => {
    if (!token || from === null) return;
    setLoading(true);
    try {
      const page = await guard(fetchSupportChatPage(token, { view, after: from, pageSize: MORE_PAGE_SIZE }));
      setItems((read) => [...read, ...page.items]);
      setNext(page.next);
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return { items, next, loading, failed, read };
}

/** Each chat once, the first seen kept (the polled pages come first, so they are the freshest). */
function distinct(lists: SupportChatSummary[][]): SupportChatSummary[] {
  const byId = new Map<string, SupportChatSummary>();
  for (const c of lists.flat()) if (!byId.has(c.id)) byId.set(c.id, c);
  return [...byId.values()];
}

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The chats listed: the polled waiting queue and the waiting chats read on request, then the answered
 * ones newest first, and where each view's next page starts.
 */
function useInboxListing(token: string | null, guard: ReturnType<typeof useAdminSession>['guard']) {
  const loadInbox = useCallback(async (): Promise<PolledInbox> => {
    const [waiting, answered] = await Promise.all([
      guard(fetchSupportChatPage(token!, { view: 'unanswered', pageSize: WAITING_PAGE_SIZE })),
      guard(fetchSupportChatPage(token!, { view: 'answered', pageSize: ANSWERED_PAGE_SIZE })),
    ]);
    return { waiting, answered };
  }, [guard, token]);
  const inbox = usePolling<PolledInbox>(token ? loadInbox : null, INBOX_POLL_MS);
  const moreWaiting = useMore('unanswered');
  const older = useMore('answered');
  // Answered chats a poll showed stay listed once newer ones push them off the first page, so none
  // falls between the polled page and older pages read from its end earlier.
  const answeredSeen = useRef(new Map<string, SupportChatSummary>());
  for (const c of inbox.data?.answered.items ?? []) answeredSeen.current.set(c.id, c);

  const polled = inbox.data;
  const waitingIds = new Set([...(polled?.waiting.items ?? []), ...moreWaiting.items].map((c) => c.id));
  const answeredListed = distinct([polled?.answered.items ?? [], [...answeredSeen.current.values()], older.items])
    .filter((c) => !waitingIds.has(c.id))
    .sort((a, b) => b.lastMessage.at.localeCompare(a.lastMessage.at));
  const listed = polled ? [...distinct([polled.waiting.items, moreWaiting.items]), ...answeredListed] : [];
  const waitingFrom = moreWaiting.next === undefined ? (polled?.waiting.next ?? null) : moreWaiting.next;
  const olderFrom = older.next === undefined ? (polled?.answered.next ?? null) : older.next;
  return { inbox, listed, moreWaiting, waitingFrom, older, olderFrom };
}

export function SupportInboxPage() {
  const { token, guard } = useAdminSession();
  const [openId, setOpenId] = useState<string | null>(null);
  const { inbox, listed, moreWaiting, waitingFrom, older, olderFrom } = useInboxListing(token, guard);
  const loadChat = useCallback(() => guard(fetchSupportChat(token!, openId!)), [guard, token, openId]);
  const chat = usePolling<SupportChatView>(token && openId ? loadChat : null, INBOX_POLL_MS);
  const shown = chat.data && chat.data.id === openId ? chat.data : null;
  const polled = inbox.data;

  return (
    <div className="support-inbox">
      <h1>
        Instant Support{' '}
        {polled && (
          <span className="admin-badge unpaid" data-testid="unanswered-count">
            {polled.waiting.unanswered} unanswered
          </span>
        )}
      </h1>
      {inbox.error !== null && !inbox.data && <p role="alert">The inbox could not be loaded.</p>}
      <div className="support-inbox-grid">
        <section className="admin-card" aria-label="Chats">
          {!inbox.data ? (
            <p>Loading...</p>
          ) : listed.length === 0 ? (
            <p className="admin-muted">No chats yet.</p>
          ) : (
            <ul className="support-chat-list">
              {listed.map((c) => (
                <li key={c.id}>
                  <ChatListItem chat={c} open={c.id === openId} onOpen={() => setOpenId(c.id)} />
                </li>
              ))}
            </ul>
          )}
          {polled && waitingFrom !== null && (
            <Button
              type="button"
              className="admin-more"
              disabled={moreWaiting.loading}
              onClick={() => void moreWaiting.read(waitingFrom)}
            >
              {moreWaiting.loading ? 'Loading...' : 'Show more waiting chats'}
            </Button>
          )}
          {polled && olderFrom !== null && (
            <Button
              type="button"
              className="admin-more"
              disabled={older.loading}
              onClick={() => void older.read(olderFrom)}
            >
              {older.loading ? 'Loading...' : 'Show older answered chats'}
            </Button>
          )}
          {(older.failed || moreWaiting.failed) && <p role="alert">The older chats could not be loaded.</p>}
        </section>
        <section className="admin-card" aria-label="Chat">
          {!openId ? (
            <p className="admin-muted">Choose a chat to read and answer it.</p>
          ) : !shown ? (
            <p>Loading...</p>
          ) : (
            <OpenChat
              chat={shown}
              onSend={async (body) => {
                chat.setData(await guard(answerSupportChat(token!, shown.id, body)));
                await inbox.refresh();
              }}
            />
          )}
        </section>
      </div>
    </div>
  );
}

/** One chat in the list: who, whether it waits for an answer, the last message and when. */
function ChatListItem({ chat: c, open, onOpen }: { chat: SupportChatSummary; open: boolean; onOpen: () => void }) {
  return (
    <Button
      className={`support-chat-item ${open ? 'is-open' : ''}`}
      aria-pressed={open}
      data-testid="support-chat"
      onClick={onOpen}
    >
      <strong>{c.customerName}</strong>
      {c.booking && (
        <small className="admin-muted" data-testid="support-chat-booking">
          Booking {c.booking.reference}
        </small>
      )}
      {c.awaitingStaff ? (
        <span className="admin-badge unpaid">Unanswered</span>
      ) : (
        <span className="admin-badge paid">Answered</span>
      )}
      {c.customerEmail && !c.emailVerified && (
        <small className="admin-muted support-unverified">{ADDRESS_NOT_VERIFIED}</small>
      )}
      <span className="admin-muted support-chat-preview">
        {c.lastMessage.from === 'staff' ? 'You: ' : ''}
        {c.lastMessage.body}
      </span>
      <small className="admin-muted">
        {c.awaitingStaff && c.waitingSince
          ? `Waiting since ${when.format(new Date(c.waitingSince))}`
          : when.format(new Date(c.lastMessage.at))}
      </small>
    </Button>
  );
}

/** The open chat: who wrote, about which booking, how answers reach them, and the thread to answer in. */
function OpenChat({ chat: shown, onSend }: { chat: SupportChatView; onSend: (body: string) => Promise<void> }) {
  return (
    <>
      <h2>{shown.customerName}</h2>
      {shown.booking && (
        <p data-testid="support-chat-booking-link">
          About <Link to={bookingLink(shown.booking.id)}>booking {shown.booking.reference}</Link> of{' '}
          {shown.booking.customerName}
        </p>
      )}
      <p className="admin-muted">
        {!shown.customerEmail ? (
          'No e-mail given: answers are only seen in the chat'
        ) : shown.emailVerified ? (
          <a href={`mailto:${shown.customerEmail}`}>{shown.customerEmail}</a>
        ) : (
          <>
            {/* Typed by whoever started the chat: no mailto, so nobody writes to a stranger's inbox by mistake. */}
            <span>{shown.customerEmail}</span>{' '}
            <span className="admin-badge unpaid" data-testid="email-not-verified">
              {ADDRESS_NOT_VERIFIED}
            </span>{' '}
            <span>
              answers reach this address only after the customer confirms it; until then they are seen in the chat
            </span>
          </>
        )}
        {shown.page ? ` · wrote from ${shown.page}` : ''}
      </p>
      <Thread
        messages={shown.messages}
        me="staff"
        canReply={shown.canReply}
        label={`Answer to ${shown.customerName}`}
        placeholder="Write your answer"
        onSend={onSend}
      />
    </>
  );
}
