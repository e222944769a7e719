import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/index.js';
import { listenServiceApp } from './support/http-app.js';

const answer = { message: 'Déménagement £120', items: [1, 2, 3], nested: { ok: true } };

describe('JSON answers (answerWritesWithoutEtag)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listenServiceApp((a) => {
      a.get('/thing', (_req, res) => void res.json(answer));
      a.post('/thing', (_req, res) => void res.status(201).json(answer));
      a.delete('/thing', (_req, res) => void res.status(204).json(answer));
      a.patch('/thing', (_req, res) => void res.type('application/problem+json').json(answer));
      a.put('/thing', (_req, res) => void res.json(undefined));
    });
  });
  afterAll(() => server.close());

  it('answers a write without an ETag, with the same text, type and byte length Express would send', async () => {
    const res = await fetch(`${server.url}/thing`, { method: 'POST' });
    expect(res.status).toBe(201);
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.toString('utf8')).toBe(JSON.stringify(answer));
  });

  it('keeps ETags and 304s for reads', async () => {
    const res = await fetch(`${server.url}/thing`);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    expect(await res.json()).toEqual(answer);
    // node:http, as fetch adds `Cache-Control: no-cache` to a conditional request, which forbids a 304.
    const again = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get(`${server.url}/thing`, { headers: { 'If-None-Match': etag! } }, (r) => resolve(r.resume().statusCode))
        .on('error', reject),
    );
    expect(again).toBe(304);
  });

  it("leaves Express's own handling to a 204, a type the route chose and an answer with no JSON text", async () => {
    const gone = await fetch(`${server.url}/thing`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect(await gone.text()).toBe('');
    const problem = await fetch(`${server.url}/thing`, { method: 'PATCH' });
    expect(problem.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
    expect(await problem.json()).toEqual(answer);
    const nothing = await fetch(`${server.url}/thing`, { method: 'PUT' });
    expect(nothing.status).toBe(200);
    expect(await nothing.text()).toBe('');
  });
});
