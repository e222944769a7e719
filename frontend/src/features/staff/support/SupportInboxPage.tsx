/**
 * /admin/support: the staff inbox of Instant Support chats. Unanswered chats come first, the
 * longest waiting on top; the list and the open chat refresh every few seconds, so new customer
 * messages appear without reloading. An address the customer only typed is marked "Address not
 * verified": answers are not e-mailed to it, and staff should not write to it from their own mail.
 * The polled inbox holds the latest answered chats; older ones are read a page at a time below it.
 */
import { useCallback, useState } from 'react';
import type { SupportChatSummary, SupportChatView, SupportInbox } from '@vanhop/contracts';
import { answerSupportChat, fetchSupportChat, fetchSupportChatPage, fetchSupportInbox } from '../admin/api';
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
/** Answered chats read per "Show older answered chats" (more than the inbox's own 50, so the first adds some). */
const OLDER_PAGE_SIZE = 100;
/** The inbox lists at most this many answered chats (notification's own limit): with fewer, there are no older ones. */
const INBOX_ANSWERED = 50;

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export function SupportInboxPage() {
  const { token, guard } = useAdminSession();
  const [openId, setOpenId] = useState<string | null>(null);
  const loadInbox = useCallback(() => guard(fetchSupportInbox(token!)), [guard, token]);
  const inbox = usePolling<SupportInbox>(token ? loadInbox : null, INBOX_POLL_MS);
  const loadChat = useCallback(() => guard(fetchSupportChat(token!, openId!)), [guard, token, openId]);
  const chat = usePolling<SupportChatView>(token && openId ? loadChat : null, INBOX_POLL_MS);
  const shown = chat.data && chat.data.id === openId ? chat.data : null;
  // Older answered chats, read on demand (`olderNext` undefined: none read yet; null: no more).
  const [older, setOlder] = useState<SupportChatSummary[]>([]);
  const [olderNext, setOlderNext] = useState<string | null | undefined>(undefined);
  const [olderLoading, setOlderLoading] = useState(false);
  const [olderError, setOlderError] = useState(false);
  const readOlder = async () => {
    if (!token || olderNext === null) return;
    setOlderLoading(true);
    try {
      const page = await guard(
        fetchSupportChatPage(token, { view: 'answered', after: olderNext, pageSize: OLDER_PAGE_SIZE }),
      );
      setOlder((read) => [...read, ...page.items]);
      setOlderNext(page.next);
      setOlderError(false);
    } catch {
      setOlderError(true);
    } finally {
      setOlderLoading(false);
    }
  };
  const polledIds = new Set(inbox.data?.conversations.map((c) => c.id) ?? []);
  const mayHaveOlder =
    olderNext !== null &&
    (olderNext !== undefined ||
      (inbox.data?.conversations.filter((c) => !c.awaitingStaff).length ?? 0) >= INBOX_ANSWERED);
  const listed = inbox.data ? [...inbox.data.conversations, ...older.filter((c) => !polledIds.has(c.id))] : [];

  return (
    <div className="support-inbox">
      <h1>
        Instant Support{' '}
        {inbox.data && (
          <span className="admin-badge unpaid" data-testid="unanswered-count">
            {inbox.data.unanswered} unanswered
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
                  <Button
                    className={`support-chat-item ${c.id === openId ? 'is-open' : ''}`}
                    aria-pressed={c.id === openId}
                    data-testid="support-chat"
                    onClick={() => setOpenId(c.id)}
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
                </li>
              ))}
            </ul>
          )}
          {inbox.data && mayHaveOlder && (
            <Button type="button" className="admin-more" disabled={olderLoading} onClick={() => void readOlder()}>
              {olderLoading ? 'Loading...' : 'Show older answered chats'}
            </Button>
          )}
          {olderError && <p role="alert">The older chats could not be loaded.</p>}
        </section>
        <section className="admin-card" aria-label="Chat">
          {!openId ? (
            <p className="admin-muted">Choose a chat to read and answer it.</p>
          ) : !shown ? (
            <p>Loading...</p>
          ) : (
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
                      answers reach this address only after the customer confirms it; until then they are seen in the
                      chat
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
                onSend={async (body) => {
                  chat.setData(await guard(answerSupportChat(token!, shown.id, body)));
                  await inbox.refresh();
                }}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
