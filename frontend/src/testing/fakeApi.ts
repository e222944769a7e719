/** A fake `/api` for component tests: answers by method and path, and records every call. */
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; json?: unknown; text?: string };
type Handler = (call: Call) => Answer | Promise<Answer>;

export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: Call = {
      method,
      path: url.pathname + url.search,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const handler =
      routes[`${method} ${url.pathname}`] ??
      (url.pathname === '/api/config' ? (): Answer => ({ json: { phone: '', email: '' } }) : undefined);
    if (!handler) return new Response('not found', { status: 404 });
    const a = await handler(call);
    const body = a.text ?? JSON.stringify(a.json ?? {});
    return new Response(body, {
      status: a.status ?? 200,
      headers: { 'Content-Type': a.text !== undefined ? 'text/plain' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFake);
  return {
    calls,
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path.startsWith(path)),
  };
}
