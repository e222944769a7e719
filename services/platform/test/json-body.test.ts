import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { describe, expect, it } from 'vitest';
import { jsonBody } from '../src/http/json-body.js';

const LIMIT = 1024;

interface Outcome {
  synchronous: boolean;
  body?: unknown;
  raw?: string;
  error?: { status?: number; type?: string };
}

/**
 * A request as Node's HTTP server hands it over. `whole`: its body already in memory (the embedded
 * gateway hands a small request over whole); otherwise it arrives after the middleware started.
 */
function request(headers: Record<string, string>, body: Buffer, whole: boolean): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  req.headers = { 'content-length': String(body.length), ...headers };
  const arrive = () => {
    if (body.length) req.push(body);
    req.complete = true;
    req.push(null);
  };
  if (whole) arrive();
  else setImmediate(arrive);
  return req;
}

type Verify = (buf: Buffer) => void;
const ours = (verify: Verify): RequestHandler => jsonBody({ limit: LIMIT, verify: (_req, buf) => verify(buf) });
const bodyParsers = (verify: Verify): RequestHandler =>
  express.json({ limit: LIMIT, verify: (_req, _res, buf) => verify(buf) });

/** Runs a JSON body middleware; `synchronous` says whether it was done before it returned. */
function read(req: IncomingMessage, make: (verify: Verify) => RequestHandler = ours): Promise<Outcome> {
  let raw: Buffer | undefined;
  const middleware = make((buf) => {
    raw = buf;
  });
  return new Promise((resolve) => {
    let returned = false;
    middleware(req as Request, {} as Response, (err?: unknown) => {
      const e = err as { status?: number; type?: string } | undefined;
      resolve({
        synchronous: !returned,
        ...(e ? { error: { status: e.status, type: e.type } } : { body: (req as Request).body }),
        ...(raw ? { raw: raw.toString('utf8') } : {}),
      });
    });
    returned = true;
  });
}

const bodies: [string, string][] = [
  ['an object', '{"a":1,"b":[true,null,"é"]}'],
  ['an array', '[1,2,3]'],
  ['an empty body', ''],
  ['spaces first', '  \n {"a":1}'],
  ['a byte-order mark first', '\uFEFF{"a":1}'],
  ['a bare value (strict JSON refuses it)', '"text"'],
  ['a number', '42'],
  ['broken JSON', '{"a":'],
  ['spaces only', '   '],
];

describe('jsonBody', () => {
  it.each(bodies)('answers %s as body-parser does, whether whole in memory or still arriving', async (_what, text) => {
    const bytes = Buffer.from(text, 'utf8');
    const headers = { 'content-type': 'application/json' };
    const { synchronous: _, ...expected } = await read(request(headers, bytes, false), bodyParsers);
    const whole = await read(request(headers, bytes, true));
    const arriving = await read(request(headers, bytes, false));
    expect({ ...whole, synchronous: undefined }).toEqual({ ...expected, synchronous: undefined });
    expect({ ...arriving, synchronous: undefined }).toEqual({ ...expected, synchronous: undefined });
    // Read at once only when it is already whole (an empty body is body-parser's, which always waits).
    expect(whole.synchronous).toBe(bytes.length > 0);
    expect(arriving.synchronous).toBe(false);
  });

  it('reads the charset spellings of UTF-8, and keeps the exact bytes for signature checks', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
      const outcome = await read(request({ 'content-type': type }, Buffer.from('{"x":"£1"}'), true));
      expect(outcome).toEqual({ synchronous: true, body: { x: '£1' }, raw: '{"x":"£1"}' });
    }
  });

  it('a body its raw-bytes check refuses is a 403, as body-parser says', async () => {
    const refusing: (verify: Verify) => RequestHandler = () =>
      jsonBody({
        limit: LIMIT,
        verify: () => {
          throw new Error('bad signature');
        },
      });
    const refusingParser: (verify: Verify) => RequestHandler = () =>
      express.json({
        limit: LIMIT,
        verify: () => {
          throw new Error('bad signature');
        },
      });
    const json = { 'content-type': 'application/json' };
    const text = Buffer.from('{"a":1}');
    const expected = await read(request(json, text, false), refusingParser);
    expect(expected.error).toEqual({ status: 403, type: 'entity.verify.failed' });
    expect((await read(request(json, text, true), refusing)).error).toEqual(expected.error);
    expect((await read(request(json, text, false), refusing)).error).toEqual(expected.error);
  });

  it('a client gone mid-body is a 400 for an aborted request', async () => {
    const req = new IncomingMessage(new Socket());
    req.headers = { 'content-type': 'application/json', 'content-length': '20' };
    setImmediate(() => {
      req.push(Buffer.from('{"a":'));
      setImmediate(() => req.destroy(new Error('aborted')));
    });
    expect(await read(req)).toMatchObject({ error: { status: 400, type: 'request.aborted' } });
  });

  it('leaves to body-parser what is not a plain JSON body of a declared length', async () => {
    const json = { 'content-type': 'application/json' };
    const text = Buffer.from('{"a":1}');
    // compressed: body-parser inflates it
    expect(await read(request({ ...json, 'content-encoding': 'gzip' }, gzipSync(text), true))).toMatchObject({
      synchronous: false,
      body: { a: 1 },
    });
    // another charset: body-parser's 415
    expect(await read(request({ 'content-type': 'application/json; charset=latin1' }, text, true))).toMatchObject({
      synchronous: true,
      error: { status: 415, type: 'charset.unsupported' },
    });
    // over the limit: body-parser's 413
    const big = Buffer.from(JSON.stringify({ a: 'x'.repeat(LIMIT) }));
    expect(await read(request(json, big, true))).toMatchObject({ error: { status: 413, type: 'entity.too.large' } });
    // not JSON at all: not parsed
    expect(await read(request({ 'content-type': 'text/plain' }, text, true))).toMatchObject({ body: undefined });
  });
});
