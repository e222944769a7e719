import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { mergeSlashes } from '../src/merge-slashes.js';
import { resolveRoute } from '../src/routing.js';

const through = (url: string) => {
  const req = { url, originalUrl: url } as Request;
  let nexted = false;
  mergeSlashes(req, {} as Response, () => {
    nexted = true;
  });
  expect(nexted).toBe(true);
  return req;
};

describe('mergeSlashes', () => {
  it('reads the save call of a SERVER_URL ending in /api/ as /api/saveRetrieve', () => {
    const req = through('/api//saveRetrieve');
    expect(req.url).toBe('/api/saveRetrieve');
    expect(req.originalUrl).toBe('/api/saveRetrieve');
    expect(resolveRoute(req.originalUrl)?.service).toBe('booking');
  });

  it('keeps admin paths behind the admin check and leaves the query string alone', () => {
    const req = through('//api///backdata//all?next=http://x//y');
    expect(req.originalUrl).toBe('/api/backdata/all?next=http://x//y');
    expect(resolveRoute(req.originalUrl.split('?')[0]!)?.admin).toBe(true);
  });

  it('does not touch ordinary paths', () => {
    expect(through('/api/booking?a=1').url).toBe('/api/booking?a=1');
  });
});
