import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { ConflictError, NotFoundError, route, validate, type RunningServer } from '../src/index.js';
import { listenServiceApp } from './support/http-app.js';

describe('HTTP app factory and error mapping', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await listenServiceApp((a) => {
      a.post(
        '/v',
        route(async (req, res) =>
          res.json(await validate(yup.object({ name: yup.string().required('Name is required') }), req.body)),
        ),
      );
      a.get(
        '/missing',
        route(async () => {
          throw new NotFoundError('No such thing');
        }),
      );
      a.get(
        '/conflict',
        route(async () => {
          throw new ConflictError('Already done');
        }),
      );
      a.get(
        '/boom',
        route(async () => {
          throw new Error('secret internals at /srv/app.js:12');
        }),
      );
    });
  });
  afterAll(() => server.close());

  const post = (body: string) =>
    fetch(`${server.url}/v`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('maps validation failures to 400 with per-field messages', async () => {
    const res = await post('{}');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Name is required', errors: { name: 'Name is required' } });
  });

  it('maps typed domain errors to their status codes', async () => {
    expect((await fetch(`${server.url}/missing`)).status).toBe(404);
    expect((await fetch(`${server.url}/conflict`)).status).toBe(409);
  });

  it('answers malformed JSON with 400 and oversized bodies with 413', async () => {
    expect((await post('{"name":')).status).toBe(400);
    expect((await post(JSON.stringify({ name: 'x'.repeat(5000) }))).status).toBe(413);
  });

  it('never leaks internals from unexpected errors', async () => {
    const res = await fetch(`${server.url}/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret internals');
    expect(text).not.toContain('.js:');
  });

  it('answers unknown routes with 404 JSON and echoes a request id', async () => {
    const res = await fetch(`${server.url}/nope`, { headers: { 'x-request-id': 'req-123' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('req-123');
  });
});
