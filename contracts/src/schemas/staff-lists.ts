import * as yup from 'yup';
import type { ModeratedReview } from './review.js';
import type { SupportChatSummary } from '../conversations.js';

/** The most rows one page of a staff list may ask for, and what it gets without asking. */
export const STAFF_PAGE_SIZE_MAX = 100;
export const STAFF_PAGE_SIZE_DEFAULT = 20;
/**
 * The whole-list staff reads kept for other clients (`GET /api/drivers/admin`, `GET
 * /api/drivers/admin/jobs`) answer at most this many rows, in their page's order.
 */
export const STAFF_LEGACY_LIST_MAX = 200;
/** `GET /api/backdata/all` answers upcoming moves and those of the last this many days. */
export const BACKDATA_ALL_PAST_DAYS = 30;

export const STAFF_LIST_MSG = {
  pageSize: `pageSize must be a whole number from 1 to ${STAFF_PAGE_SIZE_MAX}`,
  after: 'after must be the next value of an earlier page',
  kind: 'kind must be quotation or job',
  view: 'view must be future, today, past or needs-driver',
  status: 'status must be active or suspended',
  q: 'q must be 1 to 100 characters',
} as const;

const pageSize = () =>
  yup
    .number()
    .typeError(STAFF_LIST_MSG.pageSize)
    .integer(STAFF_LIST_MSG.pageSize)
    .min(1, STAFF_LIST_MSG.pageSize)
    .max(STAFF_PAGE_SIZE_MAX, STAFF_LIST_MSG.pageSize)
    .default(STAFF_PAGE_SIZE_DEFAULT);

/** An opaque cursor a page answered as `next` (base64url). */
const cursor = () =>
  yup
    .string()
    .max(300, STAFF_LIST_MSG.after)
    .matches(/^[A-Za-z0-9_-]+$/, STAFF_LIST_MSG.after)
    .optional();

export const STAFF_BOOKING_KINDS = ['quotation', 'job'] as const;
export type StaffBookingKind = (typeof STAFF_BOOKING_KINDS)[number];
/** `needs-driver`: paid bookings whose driver gave the job back and nobody has taken yet, soonest first. */
export const STAFF_BOOKING_VIEWS = ['future', 'today', 'past', 'needs-driver'] as const;
export type StaffBookingView = (typeof STAFF_BOOKING_VIEWS)[number];

/**
 * GET /api/backdata/list: one page of the dashboard's Quotation or Your Jobs list, by move date
 * (future and today soonest first, past latest first); `after` is the previous page's `next`.
 */
export const staffBookingPageQuerySchema = yup
  .object({
    kind: yup
      .string()
      .oneOf([...STAFF_BOOKING_KINDS], STAFF_LIST_MSG.kind)
      .default('job'),
    view: yup
      .string()
      .oneOf([...STAFF_BOOKING_VIEWS], STAFF_LIST_MSG.view)
      .default('future'),
    pageSize: pageSize(),
    after: cursor(),
  })
  .noUnknown();
export type StaffBookingPageQuery = yup.InferType<typeof staffBookingPageQuerySchema>;

export const STAFF_DRIVER_STATUSES = ['active', 'suspended'] as const;
export type StaffDriverStatus = (typeof STAFF_DRIVER_STATUSES)[number];

/**
 * GET /api/drivers/admin/page: one page of the drivers, by name; `q` finds a driver by the start of
 * their name (first or last) or of their base postcode, `status` keeps only active or suspended
 * ones; `after` is the previous page's `next`.
 */
export const staffDriverPageQuerySchema = yup
  .object({
    q: yup.string().trim().min(1, STAFF_LIST_MSG.q).max(100, STAFF_LIST_MSG.q).optional(),
    status: yup
      .string()
      .oneOf([...STAFF_DRIVER_STATUSES], STAFF_LIST_MSG.status)
      .optional(),
    pageSize: pageSize(),
    after: cursor(),
  })
  .noUnknown();
export type StaffDriverPageQuery = yup.InferType<typeof staffDriverPageQuerySchema>;

/** The most drivers one `?ids=` read names (a page of the drivers list at most). */
export const STAFF_IDS_MAX = STAFF_PAGE_SIZE_MAX;
export const STAFF_IDS_MSG = `ids must be 1 to ${STAFF_IDS_MAX} driver ids separated by commas`;

/**
 * `?ids=a,b,c`: only these drivers' rows of a per-driver staff read (portal accounts, documents),
 * for the page of drivers shown; without it the read answers every driver, for other clients.
 */
export const staffDriverIdsQuerySchema = yup
  .object({
    ids: yup
      .string()
      .max(STAFF_IDS_MAX * 101, STAFF_IDS_MSG)
      .matches(/^[A-Za-z0-9_-]{1,100}(,[A-Za-z0-9_-]{1,100})*$/, STAFF_IDS_MSG)
      .test('how-many', STAFF_IDS_MSG, (v) => v === undefined || v.split(',').length <= STAFF_IDS_MAX)
      .optional(),
  })
  .noUnknown();
export type StaffDriverIdsQuery = yup.InferType<typeof staffDriverIdsQuerySchema>;
/** The distinct ids asked for, or undefined for every driver. */
export const staffDriverIdsOf = (q: StaffDriverIdsQuery): string[] | undefined =>
  q.ids === undefined ? undefined : [...new Set(q.ids.split(','))];

/** A page of a staff list read by cursor: `next` reads the page after (null: this is the last). */
export interface StaffCursorPage<T> {
  items: T[];
  pageSize: number;
  next: string | null;
}

export const STAFF_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const STAFF_REVIEW_STATUS_MESSAGE = 'status must be pending, approved or rejected';

/**
 * GET /api/reviews/admin/page: one page of the reviews of one status; pending ones oldest first
 * (a queue), approved and rejected ones newest first; `after` is the previous page's `next`.
 */
export const staffReviewPageQuerySchema = yup
  .object({
    status: yup
      .string()
      .oneOf([...STAFF_REVIEW_STATUSES], STAFF_REVIEW_STATUS_MESSAGE)
      .default('pending'),
    pageSize: pageSize(),
    after: cursor(),
  })
  .noUnknown();
export type StaffReviewPageQuery = yup.InferType<typeof staffReviewPageQuerySchema>;
/** A page of reviews, with how many wait for a decision in all (the moderation page's badge). */
export interface StaffReviewPage extends StaffCursorPage<ModeratedReview> {
  pending: number;
}

export const STAFF_CHAT_VIEWS = ['unanswered', 'answered'] as const;
export type StaffChatView = (typeof STAFF_CHAT_VIEWS)[number];
export const STAFF_CHAT_VIEW_MESSAGE = 'view must be unanswered or answered';

/**
 * GET /api/support/admin/conversations/page: one page of the Instant Support chats; unanswered ones
 * longest waiting first, answered ones latest message first; `after` is the previous page's `next`.
 */
export const staffChatPageQuerySchema = yup
  .object({
    view: yup
      .string()
      .oneOf([...STAFF_CHAT_VIEWS], STAFF_CHAT_VIEW_MESSAGE)
      .default('unanswered'),
    pageSize: pageSize(),
    after: cursor(),
  })
  .noUnknown();
export type StaffChatPageQuery = yup.InferType<typeof staffChatPageQuerySchema>;
/** A page of support chats, with how many wait for an answer in all (the inbox's badge). */
export interface StaffChatPage extends StaffCursorPage<SupportChatSummary> {
  unanswered: number;
}

/**
 * GET /api/drivers/admin/jobs/page: one page of the jobs back with the office (declined or never
 * answered, bookings not cancelled), soonest move first; `after` is the previous page's `next`.
 */
export const staffReturnedJobsPageQuerySchema = yup
  .object({
    pageSize: pageSize(),
    after: cursor(),
  })
  .noUnknown();
export type StaffReturnedJobsPageQuery = yup.InferType<typeof staffReturnedJobsPageQuerySchema>;
