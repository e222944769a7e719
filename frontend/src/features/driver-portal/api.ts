/**
 * The driver portal's calls: the account service (`/api/driver-account/*`: sign-in, invitation,
 * identity) and the driver's own profile, card, hours and jobs (`/api/driver/me*`). Kept in the
 * portal's lazy chunk. Calls after sign-in carry the driver's bearer token; a failed call becomes a
 * `PortalApiError` with the status, the server's message and its per-field `errors`.
 */
import type {
  Availability,
  DayExtras,
  DaySettlement,
  DriverIdentity,
  DriverInvitePreview,
  DriverJobsResponse,
  DriverLogin,
  DriverLoginResponse,
  DriverPasswordSet,
  DriverAvailabilitySaved,
  DriverSelfView,
  JobCallResponse,
  JobOutsideHours,
  JobProgressStep,
  JobView,
  MoveTimes,
  PriceCardWire,
} from '@vanhop/contracts';

import { BearerApiError, createBearerClient, isUnauthorized, messageOf } from '../../api/bearer-client';

export { isUnauthorized, messageOf };

export class PortalApiError extends BearerApiError {
  constructor(status: number, serverMessage: string | undefined, body: unknown) {
    super(status, serverMessage, body);
    this.name = 'PortalApiError';
  }
}

/** The portal's services answer `{message, errors}` (or plain text). */
function serverMessageOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : undefined;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message ? message : undefined;
}

const call = createBearerClient({ ErrorClass: PortalApiError, serverMessageOf });
/** The portal's caller, for the smaller api modules beside this one. */
export { call as portalCall };

// ---- account (admin-auth) -------------------------------------------------------------------

export const login = (body: DriverLogin) =>
  call<DriverLoginResponse>('/driver-account/login', { method: 'POST', body });

export const fetchInvite = (inviteToken: string) =>
  call<DriverInvitePreview>(`/driver-account/welcome/${encodeURIComponent(inviteToken)}`);

export const setFirstPassword = (inviteToken: string, body: DriverPasswordSet) =>
  call<DriverLoginResponse>(`/driver-account/welcome/${encodeURIComponent(inviteToken)}`, { method: 'POST', body });

export const fetchIdentity = (token: string) => call<DriverIdentity>('/driver-account/me', { token });

/** The device's session cookie (httpOnly, sent by the browser) for a new access token and a new cookie. */
export const refreshSession = () => call<DriverLoginResponse>('/driver-account/session/refresh', { method: 'POST' });

/** Signing out ends this device's session, so its cookie signs nobody in again. */
export const endSession = () => call<{ success: boolean }>('/driver-account/session/logout', { method: 'POST' });

// ---- the driver's own profile and jobs (quote) -----------------------------------------------

export const fetchSelf = (token: string) => call<DriverSelfView>('/driver/me', { token });

export const saveCard = (token: string, card: PriceCardWire) =>
  call<DriverSelfView>('/driver/me/card', { method: 'PUT', token, body: card });

export const saveAvailability = (token: string, availability: Availability) =>
  call<DriverAvailabilitySaved>('/driver/me/availability', { method: 'PUT', token, body: availability });

/** Before saving: the upcoming jobs these hours would leave out (nothing is saved). */
export const checkAvailability = (token: string, availability: Availability) =>
  call<{ jobsOutsideHours: JobOutsideHours[] }>('/driver/me/availability/check', {
    method: 'POST',
    token,
    body: availability,
  });

export const fetchJobs = (token: string) => call<DriverJobsResponse>('/driver/me/jobs', { token });

export const answerJob = (token: string, bookingId: string, answer: 'accept' | 'decline') =>
  call<JobView>(`/driver/me/jobs/${encodeURIComponent(bookingId)}/${answer}`, { method: 'POST', token });

/** The day of the move: on my way, arrived, done (in turn; the customer is texted each). */
export const markJobProgress = (token: string, bookingId: string, step: JobProgressStep) =>
  call<JobView>(`/driver/me/jobs/${encodeURIComponent(bookingId)}/progress`, { method: 'POST', token, body: { step } });

/** "Done" with its proof of delivery (photos of the load, the customer's signature), in one request. */
export const markJobDone = (
  token: string,
  bookingId: string,
  proof: {
    photos: string[];
    signature: string;
    signedBy: string;
    collected?: DaySettlement;
    extras?: DayExtras & { customerAgreed: true };
    times?: MoveTimes;
  },
) =>
  call<JobView>(`/driver/me/jobs/${encodeURIComponent(bookingId)}/progress`, {
    method: 'POST',
    token,
    body: { step: 'done', ...proof },
  });

/** The card's "Call customer": a masked number to dial, or the stand-in's words when calls are not connected. */
export const callCustomer = (token: string, bookingId: string) =>
  call<JobCallResponse>(`/driver/me/jobs/${encodeURIComponent(bookingId)}/call`, { method: 'POST', token });
