import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the stand-in saw and will answer; `status` and `answer` may be changed by a test between calls. */
export interface ProviderStandIn {
  seen: { headers: http.IncomingHttpHeaders; body: string }[];
  status: number;
  answer: string;
  /** The stand-in's URL for `path`, once beforeAll has run. */
  url: string;
}

/**
 * A local HTTP provider (text, calls) for the adapters' tests of the calling describe block: it
 * records every request and answers with `status` and `answer`. Started in beforeAll, closed in afterAll.
 */
export function useProviderStandIn(path: string, answer: string): ProviderStandIn {
  const standIn: ProviderStandIn = { seen: [], status: 200, answer, url: '' };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        standIn.seen.push({ headers: req.headers, body });
        res.writeHead(standIn.status, { 'content-type': 'application/json' }).end(standIn.answer);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  return standIn;
}
