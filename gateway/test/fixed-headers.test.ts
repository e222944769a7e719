import http from 'node:http';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { listen } from '@vanhop/platform';
import { fixedHeaders } from '../src/fixed-headers.js';

const policy = {
  contentSecurityPolicy: { useDefaults: true, directives: { 'script-src': ["'self'", 'https://js.stripe.com'] } },
};

/** Every header a GET answers with, as sent, but the date. */
async function headersThrough(middleware: RequestHandler): Promise<http.IncomingHttpHeaders> {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader('X-Powered-By', 'something');
    next();
  });
  app.use(middleware);
  app.get('/', (_req, res) => void res.send('ok'));
  const server = await listen(app, 0);
  try {
    return await new Promise((resolve, reject) =>
      http
        .get(server.url, (res) => {
          res.resume();
          const { date: _date, ...rest } = res.headers;
          resolve(rest);
        })
        .on('error', reject),
    );
  } finally {
    await server.close();
  }
}

describe('fixedHeaders', () => {
  it("sends exactly helmet's headers, removals included", async () => {
    const expected = await headersThrough(helmet(policy));
    expect(expected['content-security-policy']).toContain("script-src 'self' https://js.stripe.com");
    expect(expected['x-powered-by']).toBeUndefined();
    expect(await headersThrough(fixedHeaders(helmet(policy)))).toEqual(expected);
  });

  it('refuses at start-up a middleware whose headers depend on the request, or that does not pass it on', () => {
    expect(() =>
      fixedHeaders((req, res, next) => {
        res.setHeader('X-Path', req.path);
        next();
      }),
    ).toThrow(/reads the request \(path\)/);
    expect(() => fixedHeaders((_req, res) => void res.setHeader('X-Held', '1'))).toThrow(/did not pass the request on/);
  });
});
