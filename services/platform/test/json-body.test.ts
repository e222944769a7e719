import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { jsonBody } from '../src/http/json-body.js';

const LIMIT = 1024;

interface Outcome {
  body?: unknown;
  raw?: string;
  error?: { status?: number; type?: string };
}

/**
 * A request as Node's HTTP server hands it over: `whole`, its body already parsed off the socket
 * (one packet); otherwise the body arrives after the middleware has started.
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

/** Runs the middleware; `synchronous` says whether it was done before returning (the short way). */
function read(req: IncomingMessage): Promise<Outcome & { synchronous: boolean }> {
  let raw: Buffer | undefined;
  const middleware = jsonBody({
    limit: LIMIT,
    verify: (_req, buf) => {
      raw = buf;
    },
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
  it.each(bodies)(
    'reads %s whole at once, with the answer body-parser gives when it streams in',
    async (_what, text) => {
      const bytes = Buffer.from(text, 'utf8');
      const headers = { 'content-type': 'application/json' };
      const whole = await read(request(headers, bytes, true));
      const streamed = await read(request(headers, bytes, false));
      expect(streamed.synchronous).toBe(false);
      // Empty bodies never reach a parser's verify; body-parser calls it for every other one.
      expect(whole).toEqual({ ...streamed, synchronous: bytes.length > 0 });
    },
  );

  it('reads the charset spellings of UTF-8 whole, and keeps the exact bytes for signature checks', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
      const outcome = await read(request({ 'content-type': type }, Buffer.from('{"x":"£1"}'), true));
      expect(outcome).toEqual({ synchronous: true, body: { x: '£1' }, raw: '{"x":"£1"}' });
    }
  });

  it('leaves to body-parser what is not a plain JSON body that has arrived whole', async () => {
    const json = { 'content-type': 'application/json' };
    const text = Buffer.from('{"a":1}');
    // still arriving: read as it streams, same result
    expect(await read(request(json, text, false))).toMatchObject({ synchronous: false, body: { a: 1 } });
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
