/**
 * The driver portal's calls: the account service (`/api/driver-account/*`: sign-in, invitation,
 * identity) and the driver's own profile, card, hours and jobs (`/api/driver/me*`). Kept in the
 * portal's lazy chunk. Calls after sign-in carry the driver's bearer token; a failed call becomes a
 * `PortalApiError` with the status, the server's message and its per-field `errors`.
 */
import type {
  Availability,
  DriverIdentity,
  DriverInvitePreview,
  DriverJobsResponse,
  DriverLogin,
  DriverLoginResponse,
  DriverPasswordSet,
  DriverSelfView,
  JobView,
  PriceCardWire,
} from '@vanhop/contracts';

const API = '/api';

export class PortalApiError extends Error {
  constructor(
    /** The HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly errors: Record<string, string>,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'PortalApiError';
  }
}

export const isUnauthorized = (err: unknown): boolean => err instanceof PortalApiError && err.status === 401;

/** The server's words when it sent any, else the fallback. */
export const messageOf = (err: unknown, fallback: string): string => (err instanceof PortalApiError && err.serverMessage ? err.serverMessage : fallback);

function parts(body: unknown): { message?: string; errors: Record<string, string> } {
  if (!body || typeof body !== 'object') return { message: typeof body === 'string' && body ? body : undefined, errors: {} };
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const fields =
    errors && typeof errors === 'object'
      ? Object.fromEntries(Object.entries(errors as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
  return { message: typeof message === 'string' && message ? message : undefined, errors: fields };
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  token?: string | null;
  body?: unknown;
}

async function call<T>(path: string, { method = 'GET', token, body }: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${API}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new PortalApiError(0, undefined, {});
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // plain text: keep it
  }
  if (!res.ok) {
    const { message, errors } = parts(parsed);
    throw new PortalApiError(res.status, message, errors);
  }
  return parsed as T;
}

// ---- account (admin-auth) -------------------------------------------------------------------

export const login = (body: DriverLogin) => call<DriverLoginResponse>('/driver-account/login', { method: 'POST', body });

export const fetchInvite = (inviteToken: string) => call<DriverInvitePreview>(`/driver-account/welcome/${encodeURIComponent(inviteToken)}`);

export const setFirstPassword = (inviteToken: string, body: DriverPasswordSet) =>
  call<DriverLoginResponse>(`/driver-account/welcome/${encodeURIComponent(inviteToken)}`, { method: 'POST', body });

export const fetchIdentity = (token: string) => call<DriverIdentity>('/driver-account/me', { token });

// ---- the driver's own profile and jobs (quote) -----------------------------------------------

export const fetchSelf = (token: string) => call<DriverSelfView>('/driver/me', { token });

export const saveCard = (token: string, card: PriceCardWire) => call<DriverSelfView>('/driver/me/card', { method: 'PUT', token, body: card });

export const saveAvailability = (token: string, availability: Availability) =>
  call<DriverSelfView>('/driver/me/availability', { method: 'PUT', token, body: availability });

export const fetchJobs = (token: string) => call<DriverJobsResponse>('/driver/me/jobs', { token });

export const answerJob = (token: string, bookingId: string, answer: 'accept' | 'decline') =>
  call<JobView>(`/driver/me/jobs/${encodeURIComponent(bookingId)}/${answer}`, { method: 'POST', token });
