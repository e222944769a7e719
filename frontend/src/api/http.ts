/**
 * The one request/error core of the web app: the customer client (`client.ts`, on the home route)
 * and the signed-in areas' bearer client (`bearer-client.ts`, staff and driver chunks) both send
 * through `send`, and every failed call becomes a subclass of `HttpError`. It imports nothing, so
 * the home route never pulls admin or driver code through it.
 */

/** A failed call: `status` is the HTTP code, 0 when the request never got an answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** What a failed call left: the status (0: no answer), the raw text (the network error's text when none) and the parsed body. */
export interface Failure {
  status: number;
  text: string;
  /** The JSON answer, else the text itself (undefined for an empty answer). */
  parsed: unknown;
}

export interface SendOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Full path, base included (`/api/...`). */
  url: string;
  body?: unknown;
  /** Sent as `Authorization: Bearer` when given. */
  token?: string | null;
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  cache?: RequestCache;
  /** The caller's error for a failed call (its area's HttpError subclass). */
  failure: (failure: Failure) => HttpError;
}

/** JSON when the text is JSON, else the text itself. */
function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // plain-text answer (retrieve's 404): keep the text
  }
}

/** The JSON request every client makes: an abort is rethrown as is; any other failure becomes `failure(...)`. */
export async function send<T>({
  method,
  url,
  body,
  token,
  signal,
  credentials,
  cache,
  failure,
}: SendOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      ...(signal ? { signal } : {}),
      ...(credentials ? { credentials } : {}),
      ...(cache ? { cache } : {}),
    });
  } catch (err) {
    if ((err as Error | undefined)?.name === 'AbortError') throw err;
    const text = (err as Error | undefined)?.message ?? '';
    throw failure({ status: 0, text, parsed: text });
  }
  const text = await res.text();
  const parsed = parse(text);
  if (!res.ok) throw failure({ status: res.status, text, parsed });
  return parsed as T;
}
