import {
  THREAD_MAX_MESSAGES,
  type ConversationAbout,
  type ConversationKind,
  type ConversationMessageView,
  type CustomerConversationView,
  type DriverConversationView,
  type MessageAuthor,
  type SupportChatSummary,
  type SupportChatView,
  type SupportInbox,
} from '@vanhop/contracts';
import type { OutboxEntry, SupportChatBooking } from '@vanhop/contracts';
import { emailStatus, type ConversationCustomer } from './conversation-email.js';

export const CONVERSATIONS = 'conversations';

/** How staff answers are signed to customers: the team, not a colleague's login name. */
export const SUPPORT_AUTHOR = 'VanHop Support';

export interface StoredMessage {
  id: string;
  from: MessageAuthor;
  body: string;
  /** ISO. */
  at: string;
  /** Staff username, for the team's own records only. */
  staff?: string;
}

/**
 * One conversation: a customer and one driver, or a customer and staff (Instant Support). The
 * messages live on the thread document, so a new message and the event announcing it are one
 * atomic write (the outbox pattern without transactions).
 */
export interface ConversationThread {
  _id: string;
  kind: ConversationKind;
  /** The customer's e-mail is only ever used to mail them, once proved; no view shows it to a driver. */
  customer: ConversationCustomer;
  /** Driver threads only. The driver's e-mail is not kept here: the quote service owns it. */
  driver: { id: string; name: string } | null;
  about: ConversationAbout | null;
  /** Support chats: the page the customer wrote from. */
  page: string | null;
  /** Support chats opened from My move: the booking (absent on other chats and older ones). */
  booking?: SupportChatBooking | null;
  messages: StoredMessage[];
  /** Equals messages.length; writes are conditional on it, so concurrent posts cannot lose one. */
  messageCount: number;
  createdAt: string;
  lastMessageAt: string;
  /** Support chats: the customer spoke last and nobody from staff has answered yet. */
  awaitingStaff: boolean;
  /** The customer's oldest unanswered message while awaitingStaff. */
  waitingSince: string | null;
  outbox: OutboxEntry[];
}

export const isFull = (t: Pick<ConversationThread, 'messageCount'>): boolean => t.messageCount >= THREAD_MAX_MESSAGES;

/** What awaiting fields become once `message` is added (only support chats wait for staff). */
export function waitingAfter(
  t: ConversationThread,
  message: StoredMessage,
): Pick<ConversationThread, 'awaitingStaff' | 'waitingSince'> {
  if (t.kind !== 'support') return { awaitingStaff: false, waitingSince: null };
  if (message.from === 'customer')
    return { awaitingStaff: true, waitingSince: t.awaitingStaff && t.waitingSince ? t.waitingSince : message.at };
  return { awaitingStaff: false, waitingSince: null };
}

export function authorName(t: ConversationThread, m: StoredMessage): string {
  if (m.from === 'customer') return t.customer.name;
  if (m.from === 'driver') return t.driver?.name ?? 'Driver';
  return SUPPORT_AUTHOR;
}

const messageViews = (t: ConversationThread): ConversationMessageView[] =>
  t.messages.map((m) => ({ id: m.id, from: m.from, author: authorName(t, m), body: m.body, at: m.at }));

export const customerView = (t: ConversationThread): CustomerConversationView => ({
  id: t._id,
  kind: t.kind,
  driverName: t.driver?.name ?? null,
  about: t.about,
  messages: messageViews(t),
  canReply: !isFull(t),
  emailStatus: emailStatus(t.customer),
});

export const driverView = (t: ConversationThread): DriverConversationView => ({
  id: t._id,
  driverName: t.driver?.name ?? 'Driver',
  customerName: t.customer.name,
  about: t.about,
  messages: messageViews(t),
  canReply: !isFull(t),
});

const PREVIEW = 140;
const preview = (body: string) => (body.length > PREVIEW ? `${body.slice(0, PREVIEW - 1)}…` : body);

export function supportSummary(t: ConversationThread): SupportChatSummary {
  const last = t.messages[t.messages.length - 1];
  return {
    id: t._id,
    customerName: t.customer.name,
    customerEmail: t.customer.email,
    emailVerified: emailStatus(t.customer) === 'verified',
    page: t.page,
    booking: t.booking ?? null,
    awaitingStaff: t.awaitingStaff,
    waitingSince: t.waitingSince,
    lastMessage: last
      ? { from: last.from, body: preview(last.body), at: last.at }
      : { from: 'customer', body: '', at: t.createdAt },
    messageCount: t.messageCount,
    createdAt: t.createdAt,
  };
}

export function supportView(t: ConversationThread): SupportChatView {
  const { lastMessage: _last, ...summary } = supportSummary(t);
  return { ...summary, messages: messageViews(t), canReply: !isFull(t) };
}

/** Unanswered chats first, the longest waiting on top; then answered ones, most recent first. */
export function inbox(threads: ConversationThread[]): SupportInbox {
  const waiting = threads
    .filter((t) => t.awaitingStaff)
    .sort((a, b) => (a.waitingSince ?? a.lastMessageAt).localeCompare(b.waitingSince ?? b.lastMessageAt));
  const answered = threads
    .filter((t) => !t.awaitingStaff)
    .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
  return { conversations: [...waiting, ...answered].map(supportSummary), unanswered: waiting.length };
}
