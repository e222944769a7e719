/**
 * One HTTP request helper for tests and the programs under test/ that run outside the test runner
 * (the fault run): it imports nothing of vitest.
 */
export interface ApiResponse<T = any> {
  status: number;
  /** The JSON the server answered, or its text when it is not JSON (HTML pages, plain messages). */
  body: T;
  /** The redirect target, when the server answered with one (undefined otherwise, so `toEqual({ status, body })` still holds). */
  location?: string;
}

export interface ApiOptions {
  headers?: Record<string, string>;
  /** A staff JWT, sent as `Authorization: Bearer`. */
  token?: string;
  /** Send a string body form-encoded, as an HTML form does. */
  form?: boolean;
  /** Give up after this long (the fetch rejects with a TimeoutError): a request that never answers is a finding, not a hang. */
  timeoutMs?: number;
}

export type Api = <T = any>(
  method: string,
  path: string,
  body?: unknown,
  options?: ApiOptions,
) => Promise<ApiResponse<T>>;

/**
 * Requests to the gateway or a service at the URL `baseUrl()` answers at call time (servers start in beforeAll).
 * Objects are sent as JSON, strings as they are; redirects are answered, not followed.
 */
export function apiClient(baseUrl: () => string): Api {
  return async (method, path, body, { headers = {}, token, form = false, timeoutMs } = {}) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...(body === undefined
          ? {}
          : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
      signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // an HTML page or a plain-text message
    }
    return { status: res.status, body: parsed as never, location: res.headers.get('location') ?? undefined };
  };
}

/** Prices a complete booking and saves its quote for later, as "Save quote" does. */
