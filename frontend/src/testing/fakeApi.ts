/**
 * The one fake `/api` of the web tests: answers each fetch by the route naming it, and records every
 * call. A route is named `METHOD path` with its query (`GET /api/backdata/list?kind=job`) or without
 * it (`GET /api/backdata/list`, any query); it answers `{ json }`, `{ text }` (with a `status`) or a
 * ready Response.
 */
import { vi } from 'vitest';

export interface Call {
  method: string;
  /** Path and query, as the app asked. */
  path: string;
  /** The JSON body sent, or the raw body when it is not JSON. */
  body: unknown;
  /** `METHOD path`: the name a route has. */
  key: string;
  /** The address and options the app gave fetch. */
  url: string;
  init: RequestInit;
}

export type Answer = { status?: number; json?: unknown; text?: string };
export type Handler = (call: Call) => Answer | Response | Promise<Answer | Response>;

export interface FakeApiOptions {
  /** The route for a call no route names (given its `METHOD path`), if any. */
  fallback?: (key: string) => Handler | undefined;
  /** A call nothing answers fails (fetch rejects) instead of answering 404: for the areas' tests. */
  strict?: boolean;
}

/** A route's answer as fetch gives it. */
export function asResponse(a: Answer | Response): Response {
  if (a instanceof Response) return a;
  const body = a.text ?? JSON.stringify(a.json ?? {});
  return new Response(body, {
    status: a.status ?? 200,
    headers: { 'Content-Type': a.text !== undefined ? 'text/plain' : 'application/json' },
  });
}

function bodyOf(init: RequestInit): unknown {
  if (init.body === undefined || init.body === null) return undefined;
  if (typeof init.body !== 'string') return init.body;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

const publicConfig: Handler = () => ({ json: { phone: '', email: '' } });

export function fakeApi(routes: Record<string, Handler>, { fallback, strict = false }: FakeApiOptions = {}) {
  const calls: Call[] = [];
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const key = `${method} ${path}`;
    const call: Call = { method, path, body: bodyOf(init), key, url: String(input), init };
    calls.push(call);
    const handler =
      routes[key] ??
      routes[`${method} ${url.pathname}`] ??
      fallback?.(key) ??
      (url.pathname === '/api/config' ? publicConfig : undefined);
    if (!handler) {
      if (strict) throw new Error(`unexpected call ${key}`);
      return new Response('not found', { status: 404 });
    }
    return asResponse(await handler(call));
  });
  vi.stubGlobal('fetch', fetchFake);
  return {
    calls,
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.startsWith(path)),
  };
}
