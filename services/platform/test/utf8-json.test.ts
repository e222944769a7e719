import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import express, { type Request, type Response } from 'express';
import { describe, expect, it } from 'vitest';
import { isUtf8JsonBody } from '../src/http/utf8-json.js';

const TEXT = Buffer.from('{"a":1}');

/** What body-parser (the services' JSON parser) makes of this body: parsed, left alone, or refused. */
function bodyParserReads(headers: Record<string, string>): Promise<'parsed' | 'left' | 'refused'> {
  const req = new IncomingMessage(new Socket());
  req.headers = { 'content-length': String(TEXT.length), ...headers };
  req.push(TEXT);
  req.push(null);
  return new Promise((resolve) => {
    express.json()(req as Request, {} as Response, (err?: unknown) => {
      if (err) resolve('refused');
      else resolve((req as Request).body?.a === 1 ? 'parsed' : 'left');
    });
  });
}

const contentTypes = [
  'application/json',
  'APPLICATION/JSON',
  'application/json; charset=utf-8',
  'application/json;charset="UTF-8"',
  'application/json ; charset = utf-8',
  'application/json; charset=utf-8; version=2',
  'application/json;',
  'application/json; ;',
  'application/json; charset=',
  ' application/json',
  // body-parser refuses these charsets (415)
  'application/json; charset=utf8',
  'application/json; charset=latin1',
  // and leaves these types unparsed
  'application/merge-patch+json',
  'application/vnd.api+json',
  'text/json',
  'application/jsonx',
  'application/json charset=utf-8',
  'application/json,text/plain',
  'text/plain',
];

describe('isUtf8JsonBody', () => {
  it.each(contentTypes)('is true for %j exactly when body-parser reads it as UTF-8 JSON', async (type) => {
    const reads = await bodyParserReads({ 'content-type': type });
    expect(isUtf8JsonBody({ 'content-type': type })).toBe(reads === 'parsed');
  });

  it('is false for a compressed body (it cannot be scanned or read as text) and true for identity', () => {
    const json = { 'content-type': 'application/json' };
    expect(isUtf8JsonBody({ ...json, 'content-encoding': 'gzip' })).toBe(false);
    expect(isUtf8JsonBody({ ...json, 'content-encoding': 'Identity' })).toBe(true);
    expect(isUtf8JsonBody({})).toBe(false);
  });

  it('+json types are left unparsed by the services, so neither the gateway nor the short reader reads them', async () => {
    // The gateway scanned them for depth before; the choice is deliberate: no service parses them.
    expect(await bodyParserReads({ 'content-type': 'application/problem+json' })).toBe('left');
    expect(isUtf8JsonBody({ 'content-type': 'application/problem+json' })).toBe(false);
  });
});
