/**
 * The client of the two signed-in areas (the staff back office and the driver portal), on the web
 * app's one request/error core (`http.ts`, shared with the customer client). Only their lazily
 * loaded chunks import it, never the home route. A call carries
 * `Authorization: Bearer` when given a token; a failed call becomes the area's error class (a
 * `BearerApiError`) with the HTTP status, the server's words and the parsed body.
 */
import { HttpError, send } from './http';

/** `status` is the HTTP code (0 when the request never got an answer); `serverMessage` the server's text when it sent one. */
export class BearerApiError extends HttpError {
  constructor(
    status: number,
    readonly serverMessage: string | undefined,
    /** The parsed answer (or the network error's text when there was none). */
    readonly body: unknown,
  ) {
    super(status, serverMessage ?? `Request failed with status ${status}`);
    this.name = 'BearerApiError';
  }

  /** The per-field texts of a 400 (`{errors: {'card.vanPerHourPence.Small': '...'}}`), or none. */
  get errors(): Record<string, string> {
    return fieldTextsOf(this.body);
  }
}

export type BearerApiErrorClass = new (
  status: number,
  serverMessage: string | undefined,
  body: unknown,
) => BearerApiError;

export const isUnauthorized = (err: unknown): boolean => err instanceof BearerApiError && err.status === 401;

/** The server's words when it sent any, else the fallback. */
export const messageOf = (err: unknown, fallback: string): string =>
  err instanceof BearerApiError && err.serverMessage ? err.serverMessage : fallback;

function fieldTextsOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  const errors = (body as { errors?: unknown }).errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  token?: string | null;
  body?: unknown;
}

interface ClientOptions {
  /** The area's error class. */
  ErrorClass: BearerApiErrorClass;
  /** The server's words in a failed answer's parsed body. */
  serverMessageOf: (body: unknown) => string | undefined;
  /** Sent with every call (the staff area sends its cookies too). */
  credentials?: RequestCredentials;
  base?: string;
}

/** A JSON caller for one area: `call<T>(path, {method, token, body})`, sent through the shared core (`http.ts`). */
export function createBearerClient({ ErrorClass, serverMessageOf, credentials, base = '/api' }: ClientOptions) {
  return function call<T>(path: string, { method = 'GET', token, body }: CallOptions = {}): Promise<T> {
    return send<T>({
      method,
      url: `${base}${path}`,
      body,
      token,
      credentials,
      cache: 'no-store',
      // No answer: no server words, the network error's text as the body.
      failure: ({ status, parsed }) =>
        new ErrorClass(status, status === 0 ? undefined : serverMessageOf(parsed), parsed),
    });
  };
}
