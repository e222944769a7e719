import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './fakeApi';

describe('the fake API of the web tests', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers by the route naming the call with its query first, else by its path, and records the call', async () => {
    const { calls, of } = fakeApi({
      'GET /api/list?page=2': () => ({ json: ['second page'] }),
      'GET /api/list': () => ({ json: ['any page'] }),
      'POST /api/save': ({ body }) => new Response(JSON.stringify({ saved: body }), { status: 201 }),
    });
    expect(await (await fetch('/api/list?page=2')).json()).toEqual(['second page']);
    expect(await (await fetch('/api/list?page=3')).json()).toEqual(['any page']);
    const saved = await fetch('/api/save', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect([saved.status, await saved.json()]).toEqual([201, { saved: { a: 1 } }]);
    expect(calls.map((c) => c.key)).toEqual(['GET /api/list?page=2', 'GET /api/list?page=3', 'POST /api/save']);
    expect(of('POST', '/api/save').map((c) => c.body)).toEqual([{ a: 1 }]);
  });

  it('asks the fallback for a call no route names; what nothing answers is a 404, or a failed fetch when strict', async () => {
    fakeApi({}, { fallback: (key) => (key === 'GET /api/me' ? () => ({ json: { id: 'me' } }) : undefined) });
    expect(await (await fetch('/api/me')).json()).toEqual({ id: 'me' });
    expect((await fetch('/api/other')).status).toBe(404);
    fakeApi({}, { strict: true });
    await expect(fetch('/api/other')).rejects.toThrow('unexpected call GET /api/other');
  });
});
