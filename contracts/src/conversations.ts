/**
 * Conversations: a customer messaging a driver (from an offer in the quotes popup, or from My move
 * after booking) and Instant Support chats answered by staff. The notification service keeps the
 * threads; the customer is anonymous and holds a signed link to each thread, the driver answers
 * through a signed reply link, and neither side ever sees the other's e-mail address.
 *
 * The customer's e-mail address is typed by whoever starts the chat, so nothing of the conversation
 * is mailed to it until it is proved: by the My move link of a booking with that address, or by a
 * one-time confirmation link we mail it (fixed text only). See ConversationEmailStatus.
 */
import * as yup from 'yup';
import { noControlCharacters } from './schemas/common.js';

/** Longest message either side may send (characters, after trimming). */
export const MESSAGE_MAX_LENGTH = 2000;
/** A thread stops taking messages at this many: a new conversation is cheap, an endless one is abuse. */
export const THREAD_MAX_MESSAGES = 200;
const NAME_MAX = 60;
const PLACE_MAX = 200;

export const CONVERSATION_MSG = {
  bodyRequired: 'Please write a message',
  bodyTooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters`,
  nameRequired: 'Please tell us your name',
  nameTooLong: `Names can be at most ${NAME_MAX} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  linkInvalid: 'This conversation link is not valid or has expired',
  threadFull: 'This conversation is full: please start a new one',
  myMoveTokenInvalid: 'This My move link is not valid or has expired',
  confirmationRequired: 'confirmation is required',
  confirmationInvalid: 'This confirmation link is not valid or has expired',
} as const;

const DRIVER_ID = /^[\w-]{1,64}$/;
/** A signed link token as the platform makes them (`v1.<subject>.<expiry>.<mac>`); its signature is checked by the server. */
const LINK_TOKEN = /^[\w.-]{1,512}$/;

const messageBody = () =>
  yup.string().trim().required(CONVERSATION_MSG.bodyRequired).max(MESSAGE_MAX_LENGTH, CONVERSATION_MSG.bodyTooLong);
const customerName = () =>
  yup
    .string()
    .trim()
    .required(CONVERSATION_MSG.nameRequired)
    .max(NAME_MAX, CONVERSATION_MSG.nameTooLong)
    .test(noControlCharacters);
const customerEmail = () =>
  yup.string().trim().email(CONVERSATION_MSG.emailInvalid).max(254, CONVERSATION_MSG.emailInvalid);
/**
 * The token of the My move page the chat starts from (the part after /mymove/): it proves the
 * booking's e-mail address, so copies go to that address at once. Checked by the booking service.
 */
const myMoveToken = () => yup.string().trim().matches(LINK_TOKEN, CONVERSATION_MSG.myMoveTokenInvalid).optional();

/**
 * What the customer is asking about, as their screen showed it: a quote before booking, or their
 * booked move. Shown to the driver as context; nothing here is trusted for money.
 */
export const conversationAboutSchema = yup.object({
  kind: yup
    .string()
    .oneOf(['quote', 'booking'] as const)
    .required(),
  /** ISO move date and time ('' for a quote without a date yet). */
  date: yup.string().trim().max(40).default(''),
  places: yup.array(yup.string().trim().required().max(PLACE_MAX)).max(14).default([]),
  typeofVan: yup.string().trim().max(40).default(''),
  typeOfWorker: yup.string().trim().max(40).default(''),
  totalHour: yup.number().min(0).max(100).nullable().default(null),
  /** Pounds, as the offer showed them. */
  totalPrice: yup.number().min(0).max(1_000_000).nullable().default(null),
});
export type ConversationAbout = yup.InferType<typeof conversationAboutSchema>;

/** POST /api/conversations/driver: the first message to one driver. */
export const startDriverConversationSchema = yup.object({
  driverId: yup.string().trim().required('driverId is required').matches(DRIVER_ID, 'driverId must be a driver id'),
  name: customerName(),
  email: customerEmail().required(CONVERSATION_MSG.emailRequired),
  about: conversationAboutSchema.required('about is required'),
  body: messageBody(),
  myMoveToken: myMoveToken(),
});
export type StartDriverConversation = yup.InferType<typeof startDriverConversationSchema>;

/** POST /api/conversations/support: the first Instant Support message (e-mail optional: replies are also e-mailed to a proved one). */
export const startSupportConversationSchema = yup.object({
  name: customerName(),
  email: customerEmail().optional(),
  /** The page the customer was on (a path), so staff see the context. */
  page: yup
    .string()
    .trim()
    .max(PLACE_MAX)
    .matches(/^\/[^\s]*$/, 'page must be a path')
    .optional(),
  body: messageBody(),
  myMoveToken: myMoveToken(),
});
export type StartSupportConversation = yup.InferType<typeof startSupportConversationSchema>;

/** Every later message, from any side. */
export const postMessageSchema = yup.object({ body: messageBody() });
export type PostMessage = yup.InferType<typeof postMessageSchema>;

/** GET /api/support/admin/conversations?booking=<id>: only the chats opened from that booking's My move. */
export const supportInboxQuerySchema = yup.object({
  booking: yup
    .string()
    .strict(true)
    .matches(/^[\w-]{1,64}$/, 'booking must be a booking id')
    .optional(),
});

/** Staff's support routes (/api/support/admin/conversations/:id): a chat's id. */
export const chatIdParamsSchema = yup.object({
  id: yup
    .string()
    .strict(true)
    .required('Invalid chat id')
    .matches(/^[\w-]{1,64}$/, 'Invalid chat id'),
});

/** POST /api/conversations/:token/email-confirmation: the token of the one-time link we mailed. */
export const confirmConversationEmailSchema = yup.object({
  confirmation: yup
    .string()
    .trim()
    .required(CONVERSATION_MSG.confirmationRequired)
    .matches(LINK_TOKEN, CONVERSATION_MSG.confirmationInvalid),
});
export type ConfirmConversationEmail = yup.InferType<typeof confirmConversationEmailSchema>;

/**
 * Whether copies of a conversation reach the customer's e-mail:
 * - `none`: no address given; everything is seen on the page only;
 * - `verified`: proved (My move link or the confirmation link); copies and replies are mailed;
 * - `pending`: a one-time confirmation link was mailed; nothing else is mailed until it is opened;
 * - `unconfirmed`: not proved and no link was sent (that address had its share of confirmation mails).
 */
export type ConversationEmailStatus = 'none' | 'verified' | 'pending' | 'unconfirmed';

export type ConversationKind = 'driver' | 'support';
export type MessageAuthor = 'customer' | 'driver' | 'staff';

/** One message as every side sees it: `author` is a display name, never an address. */
export interface ConversationMessageView {
  id: string;
  from: MessageAuthor;
  author: string;
  body: string;
  /** ISO. */
  at: string;
}

/** The customer's view of a thread (GET /api/conversations/:token). */
export interface CustomerConversationView {
  id: string;
  kind: ConversationKind;
  /** Driver threads: who the customer is writing to. */
  driverName: string | null;
  about: ConversationAbout | null;
  messages: ConversationMessageView[];
  /** False once the thread is full. */
  canReply: boolean;
  emailStatus: ConversationEmailStatus;
}

/** POST /api/conversations/driver and /support answer: the thread and the customer's link to it. */
export interface StartedConversation {
  token: string;
  /** Site-relative path of the customer's thread page (also e-mailed). */
  path: string;
  conversation: CustomerConversationView;
}

/** The driver's reply page (GET /api/driver-reply/:token): the customer's name, never their e-mail. */
export interface DriverConversationView {
  id: string;
  driverName: string;
  customerName: string;
  about: ConversationAbout | null;
  messages: ConversationMessageView[];
  canReply: boolean;
}

/** The booking an Instant Support chat is about. */
export interface SupportChatBooking {
  id: string;
  /** The booking's reference (its retrieve code), as staff search it. */
  reference: number;
  /** The customer's name on the booking. */
  customerName: string;
}

/** One Instant Support chat in the staff inbox list. */
export interface SupportChatSummary {
  id: string;
  customerName: string;
  /** As the customer typed it: staff must not write to it themselves unless emailVerified. */
  customerEmail: string | null;
  /** The address was proved (My move link or confirmation link); false without one, or while unproved. */
  emailVerified: boolean;
  page: string | null;
  /**
   * The booking the chat was opened from (My move, its link checked by the booking service), with
   * the name on the booking: staff answer knowing whose move it is. Null for other chats.
   */
  booking?: SupportChatBooking | null;
  /** The customer spoke last: waiting for staff. */
  awaitingStaff: boolean;
  /** ISO: the customer's oldest unanswered message, when awaiting staff. */
  waitingSince: string | null;
  lastMessage: { from: MessageAuthor; body: string; at: string };
  messageCount: number;
  createdAt: string;
}

/** GET /api/support/admin/conversations: unanswered chats first (longest waiting on top), then the rest, newest first. */
export interface SupportInbox {
  conversations: SupportChatSummary[];
  unanswered: number;
}

/** One chat for staff, with the whole thread. */
export interface SupportChatView extends Omit<SupportChatSummary, 'lastMessage'> {
  messages: ConversationMessageView[];
  canReply: boolean;
}

/** The web app's routes for signed conversation links. */
export const conversationPath = (token: string): string => `/conversation/${token}`;
/** The query parameter of a thread link that carries the one-time e-mail confirmation token. */
export const CONFIRM_EMAIL_PARAM = 'confirm';
/** The confirmation link: the customer's thread page, which confirms the address when opened. */
export const confirmEmailPath = (token: string, confirmation: string): string =>
  `${conversationPath(token)}?${CONFIRM_EMAIL_PARAM}=${confirmation}`;
export const driverReplyPath = (token: string): string => `/driver-reply/${token}`;
