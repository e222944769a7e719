/**
 * The staff back office's calls (docs/WIRE-CONTRACT.md). Kept here, inside the lazily loaded admin
 * chunk, so customers never download them. Every staff call carries `Authorization: Bearer`;
 * a failed call becomes an `AdminApiError` with the status and the server's words so screens can
 * show them, and a 401 can send the user back to the login page.
 */
import type {
  AmendBookingRequest,
  BookingAmendment,
  AdminLogin,
  AdminLoginResponse,
  AdminProfileResponse,
  AdminRegister,
  AdminRegisterResponse,
  BookingRecord,
  DriverAccountView,
  DriverAdminView,
  DriverAuditEntry,
  DriverCalendarWeek,
  DriverDocumentsInput,
  DriverDocumentsView,
  DriverCreate,
  DriverInviteSent,
  DriverSessionsRevoked,
  DriverPatch,
  JobCandidate,
  JobConflict,
  JobProofView,
  JobView,
  ReassignJob,
  ModeratedReview,
  ModerationList,
  ServerIpResponse,
  StaffActionResponse,
  StaffCancelRequest,
  StaffCancellation,
  StaffBookingKind,
  StaffBookingView,
  StaffChatPage,
  StaffCursorPage,
  StaffDriverStatus,
  ReviewStatus,
  StaffChatView,
  StaffReviewPage,
  SupportChatView,
  SupportInbox,
  SystemHealthResponse,
} from '@vanhop/contracts';

import { BearerApiError, createBearerClient, isUnauthorized } from '../../../api/bearer-client';

export { isUnauthorized };

/** `status` is the HTTP code (0 when the request never got an answer); `message` the server's text when it sent one. */
export class AdminApiError extends BearerApiError {
  constructor(status: number, serverMessage: string | undefined, body: unknown) {
    super(status, serverMessage, body);
    this.name = 'AdminApiError';
  }
}

/** The per-field texts of a 400 (`{errors: {'card.vanPerHourPence.Small': '...'}}`), or none. */
export const fieldErrorsOf = (err: unknown): Record<string, string> => (err instanceof AdminApiError ? err.errors : {});

/** The account routes answer `{message}` or `{errormessage}`; others `{message}`. */
function serverMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : undefined;
  const { message, errormessage } = body as { message?: unknown; errormessage?: unknown };
  if (typeof errormessage === 'string') return errormessage;
  if (typeof message === 'string') return message;
  return undefined;
}

const call = createBearerClient({ ErrorClass: AdminApiError, serverMessageOf, credentials: 'include' });
/** The staff area's caller, for the smaller api modules beside this one. */
export { call as staffCall };

// ---- account (public) ---------------------------------------------------------------------------

export const login = (credentials: AdminLogin) =>
  call<AdminLoginResponse>('/account/login', { method: 'POST', body: credentials });

export const register = (form: AdminRegister) =>
  call<AdminRegisterResponse>('/account/register', { method: 'POST', body: form });

// ---- staff only (bearer) --------------------------------------------------------------------

export const fetchAdminProfile = (token: string) => call<AdminProfileResponse>('/account/admindashboard', { token });

/** One page of the Quotation or Your Jobs list, read on the server by move date; `after` is the last page's `next`. */
export const fetchBookingPage = (
  token: string,
  q: { kind: StaffBookingKind; view: StaffBookingView; after?: string | null; pageSize?: number },
) =>
  call<StaffCursorPage<BookingRecord>>(
    `/backdata/list?kind=${q.kind}&view=${q.view}${q.pageSize ? `&pageSize=${q.pageSize}` : ''}${q.after ? `&after=${encodeURIComponent(q.after)}` : ''}`,
    { token },
  );

/** One live booking record by id (a link to it). */
export const fetchBookingRecord = (token: string, id: string) =>
  call<BookingRecord>(`/backdata/record/${encodeURIComponent(id)}`, { token });

/** One page of the drivers by name, or those found by the start of a name or base postcode. */
export const fetchDriverPage = (
  token: string,
  q: { q?: string; status?: StaffDriverStatus | ''; after?: string | null; pageSize?: number },
) => {
  const params = new URLSearchParams();
  if (q.pageSize) params.set('pageSize', String(q.pageSize));
  if (q.q?.trim()) params.set('q', q.q.trim());
  if (q.status) params.set('status', q.status);
  if (q.after) params.set('after', q.after);
  const query = params.toString();
  return call<StaffCursorPage<DriverAdminView>>(`/drivers/admin/page${query ? `?${query}` : ''}`, { token });
};

export const requestReview = (token: string, id: string) =>
  call<StaffActionResponse>(`/backdata/review/${encodeURIComponent(id)}`, { method: 'POST', token });

export const deleteBookingRecord = (token: string, id: string) =>
  call<StaffActionResponse>(`/backdata/delete/${encodeURIComponent(id)}`, { method: 'DELETE', token });

/** The amended record, with what the amendment did to the price and the money. */
export type AmendedRecord = BookingRecord & { amendment: BookingAmendment };

export const amendBookingRecord = (token: string, id: string, body: AmendBookingRequest) =>
  call<AmendedRecord>(`/backdata/amend/${encodeURIComponent(id)}`, { method: 'POST', token, body });

/** The cancelled record, with the refund and reason the cancellation recorded. */
export type StaffCancelledRecord = BookingRecord & { cancellation: StaffCancellation };

/** A booking that took money is cancelled with the refund staff chose (it is never deleted). */
export const cancelBookingRecord = (token: string, id: string, body: StaffCancelRequest) =>
  call<StaffCancelledRecord>(`/backdata/cancel/${encodeURIComponent(id)}`, { method: 'POST', token, body });

export const fetchServerIp = (token: string) => call<ServerIpResponse>('/dashboard', { token });

// ---- public health ----------------------------------------------------------------------------

/** 200 when ok, 503 (an AdminApiError carrying the same answer as its body) when degraded. */
export const fetchServerHealth = () => call<SystemHealthResponse>('/dashboard/health');

// ---- Instant Support and review moderation (staff only, bearer) ------------------------------

/** The support chats opened from one booking's My move (its record shows them). */
export const fetchBookingSupportChats = (token: string, bookingId: string) =>
  call<SupportInbox>(`/support/admin/conversations?booking=${encodeURIComponent(bookingId)}`, { token });

export const fetchSupportChat = (token: string, id: string) =>
  call<SupportChatView>(`/support/admin/conversations/${encodeURIComponent(id)}`, { token });

export const answerSupportChat = (token: string, id: string, body: string) =>
  call<SupportChatView>(`/support/admin/conversations/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    token,
    body: { body },
  });

export type ReviewFilter = 'pending' | 'approved' | 'rejected' | 'all';

export const fetchReviewsToModerate = (token: string, status: ReviewFilter) =>
  call<ModerationList>(`/reviews/admin?status=${status}`, { token });

/** One page of the reviews of one status (`after`: the previous page's `next`), with how many wait in all. */
export const fetchReviewPage = (token: string, q: { status: ReviewStatus; after?: string | null }) =>
  call<StaffReviewPage>(
    `/reviews/admin/page?status=${q.status}${q.after ? `&after=${encodeURIComponent(q.after)}` : ''}`,
    { token },
  );

/** One page of the Instant Support chats: unanswered longest waiting first, answered latest first. */
export const fetchSupportChatPage = (
  token: string,
  q: { view: StaffChatView; after?: string | null; pageSize?: number },
) =>
  call<StaffChatPage>(
    `/support/admin/conversations/page?view=${q.view}${q.pageSize ? `&pageSize=${q.pageSize}` : ''}${q.after ? `&after=${encodeURIComponent(q.after)}` : ''}`,
    { token },
  );

/** One page of the jobs back with the office, soonest move first. */
export const fetchReturnedJobPage = (token: string, after?: string | null) =>
  call<StaffCursorPage<JobView>>(`/drivers/admin/jobs/page${after ? `?after=${encodeURIComponent(after)}` : ''}`, {
    token,
  });

export const moderateReview = (token: string, id: string, action: 'approve' | 'reject') =>
  call<ModeratedReview>(`/reviews/admin/${encodeURIComponent(id)}/${action}`, { method: 'POST', token });

// ---- Drivers (staff only, bearer): the fleet service's driver records, the account service's portal logins ----

const driverPath = (id: string) => `/drivers/admin/${encodeURIComponent(id)}`;

export const fetchDriver = (token: string, id: string) => call<DriverAdminView>(driverPath(id), { token });

export const createDriver = (token: string, body: DriverCreate) =>
  call<DriverAdminView>('/drivers/admin', { method: 'POST', token, body });

/** `version` is the one the editor loaded: someone else's change in between answers 409. */
export const updateDriver = (token: string, id: string, patch: DriverPatch, version: number) =>
  call<DriverAdminView>(driverPath(id), { method: 'PATCH', token, body: { ...patch, version } });

/** The driver's upcoming jobs, which suspending them takes from them (listed in the suspend confirmation). */
export const fetchUpcomingJobs = (token: string, id: string) =>
  call<JobView[]>(`${driverPath(id)}/upcoming-jobs`, { token });

/** Also hands the driver's upcoming jobs to the next free drivers, or back to the office (server side, in the same request). */
export const suspendDriver = (token: string, id: string, reason: string) =>
  call<DriverAdminView>(`${driverPath(id)}/suspend`, { method: 'POST', token, body: { reason } });

export const reactivateDriver = (token: string, id: string) =>
  call<DriverAdminView>(`${driverPath(id)}/reactivate`, { method: 'POST', token });

export const fetchDriverAudit = (token: string, id: string) =>
  call<DriverAuditEntry[]>(`${driverPath(id)}/audit`, { token });

const jobPath = (bookingId: string) => `/drivers/admin/jobs/${encodeURIComponent(bookingId)}`;

/** The drivers free for a returned job's move, each with their price for it. */
/** What stands in the way of the job as booked (its record shows the flags). */
export const fetchJobConflicts = (token: string, bookingId: string) =>
  call<JobConflict[]>(`${jobPath(bookingId)}/conflicts`, { token });

export const fetchJobCandidates = (token: string, bookingId: string) =>
  call<JobCandidate[]>(`${jobPath(bookingId)}/candidates`, { token });

/** Gives a returned job to another driver; a price above the booked one needs `acceptDifference`. */
export const reassignJob = (token: string, bookingId: string, body: ReassignJob) =>
  call<JobView>(`${jobPath(bookingId)}/reassign`, { method: 'POST', token, body });

/** The portal accounts of these drivers (`ids`: a page of the list), or of every driver. */
export const fetchDriverAccounts = (token: string, ids?: readonly string[]) =>
  call<DriverAccountView[]>(`/driver-account/admin/accounts${idsQuery(ids)}`, { token });

/** `?ids=a,b` naming the drivers a per-driver read is for (none: every driver). */
const idsQuery = (ids?: readonly string[]) => (ids ? `?ids=${ids.map(encodeURIComponent).join(',')}` : '');

export const inviteDriver = (token: string, id: string) =>
  call<DriverInviteSent>(`/driver-account/admin/invite/${encodeURIComponent(id)}`, { method: 'POST', token });

/** Signs the driver out of the portal on every device (a lost or shared phone). */
export const revokeDriverSessions = (token: string, id: string) =>
  call<DriverSessionsRevoked>(`/driver-account/admin/sessions/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    token,
  });

// ---- Finding things (staff only, bearer): the booking search, a driver's week, their documents ----

/** Up to BOOKING_SEARCH_LIMIT live records matching a code, name, phone or e-mail; `truncated` when more matched. */
export const searchBookingRecords = (token: string, q: string) =>
  call<{ results: BookingRecord[]; truncated: boolean }>(`/backdata/search?q=${encodeURIComponent(q)}`, { token });

/** The driver's week holding `week` (any day of it; absent: this week): hours, days off and jobs. */
export const fetchDriverCalendar = (token: string, id: string, week?: string) =>
  call<DriverCalendarWeek>(`${driverPath(id)}/calendar${week ? `?week=${encodeURIComponent(week)}` : ''}`, { token });

export const fetchDriverDocuments = (token: string, id: string) =>
  call<DriverDocumentsView>(`${driverPath(id)}/documents`, { token });

/** The documents standing of these drivers (`ids`: a page of the list), or of every driver: the list's expired / expiring badges. */
export const fetchAllDriverDocuments = (token: string, ids?: readonly string[]) =>
  call<DriverDocumentsView[]>(`/drivers/admin/documents${idsQuery(ids)}`, { token });

export const saveDriverDocuments = (token: string, id: string, body: DriverDocumentsInput) =>
  call<DriverDocumentsView>(`${driverPath(id)}/documents`, { method: 'PUT', token, body });

/** The photos and signature a driver gave at "done" (404 until the move is done). */
export const fetchJobProof = (token: string, id: string) =>
  call<JobProofView>(`/drivers/admin/jobs/${encodeURIComponent(id)}/proof`, { token });
