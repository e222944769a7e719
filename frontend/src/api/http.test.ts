import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './http';
import { ApiError, request } from './client';
import { BearerApiError, createBearerClient } from './bearer-client';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: string) => vi.fn(async () => new Response(body, { status }));

class AreaError extends BearerApiError {}
const call = createBearerClient({
  ErrorClass: AreaError,
  serverMessageOf: (b) => (b && typeof b === 'object' ? (b as { message?: string }).message : undefined),
});

describe('the one request/error core (customer and bearer clients)', () => {
  it('both clients fail with an HttpError carrying the status and the server words', async () => {
    vi.stubGlobal('fetch', answer(400, '{"message":"Bad date","errors":{"date":"Bad date"}}'));
    const customer = await request('POST', '/booking', {}).catch((e: unknown) => e);
    expect(customer).toBeInstanceOf(ApiError);
    expect(customer).toBeInstanceOf(HttpError);
    expect(customer).toMatchObject({ status: 400, message: 'Bad date', errors: { date: 'Bad date' } });

    const staff = await call('/backdata/all', { token: 'tok' }).catch((e: unknown) => e);
    expect(staff).toBeInstanceOf(AreaError);
    expect(staff).toBeInstanceOf(HttpError);
    expect(staff).toMatchObject({ status: 400, serverMessage: 'Bad date', errors: { date: 'Bad date' } });
  });

  it('keeps a plain-text answer as the customer message, and a network failure is status 0 without server words', async () => {
    vi.stubGlobal('fetch', answer(404, 'No saved quote matches that code.'));
    await expect(request('GET', '/saveRetrieve?randomNumber=7')).rejects.toMatchObject({
      status: 404,
      body: 'No saved quote matches that code.',
      message: 'No saved quote matches that code.',
    });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('GET', '/google/review')).rejects.toMatchObject({ status: 0, errors: undefined });
    await expect(call('/dashboard')).rejects.toMatchObject({
      status: 0,
      serverMessage: undefined,
      body: 'Failed to fetch',
    });
  });

  it('passes an abort on as it is, and sends the bearer token and JSON body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('aborted', 'AbortError'))),
    );
    await expect(request('GET', '/geo/autocomplete?q=ab')).rejects.toMatchObject({ name: 'AbortError' });

    const fetchMock = answer(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetchMock);
    expect(await call('/x', { method: 'POST', token: 'tok', body: { a: 1 } })).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      cache: 'no-store',
      headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json' },
    });
  });
});
