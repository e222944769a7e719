import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTelephony } from '../src/adapters/http-telephony.js';

describe('HttpTelephony against a local provider', () => {
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  let answer = '{"proxyNumber":"+44 20 3000 0001"}';
  let server: http.Server;
  let url: string;
  const request = { reference: 'bk-1', caller: '07700900101', callee: '07700900123', expiresAt: '2026-01-18T00:00:00.000Z' };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        res.writeHead(status, { 'content-type': 'application/json' }).end(answer);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sessions`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts both parties with the bearer key and the reference as idempotency key; returns the proxy number', async () => {
    expect(await new HttpTelephony({ url, apiKey: 'tk-1' }).maskedCall(request)).toEqual({ proxyNumber: '+44 20 3000 0001' });
    expect(seen[0]!.headers.authorization).toBe('Bearer tk-1');
    expect(seen[0]!.headers['idempotency-key']).toBe('bk-1');
    expect(JSON.parse(seen[0]!.body)).toEqual({ reference: 'bk-1', participants: ['07700900101', '07700900123'], expiresAt: '2026-01-18T00:00:00.000Z' });
  });

  it('refuses an answer that is not a number to dial, or is one of the parties', async () => {
    for (const bad of ['{"proxyNumber":"javascript:alert(1)"}', '{"ok":true}', 'not json', '{"number":"07700900123"}']) {
      answer = bad;
      await expect(new HttpTelephony({ url, apiKey: 'k' }).maskedCall(request)).rejects.toThrow(/usable proxy/);
    }
  });

  it('throws on a provider error', async () => {
    status = 503;
    answer = '{"error":"busy"}';
    await expect(new HttpTelephony({ url, apiKey: 'k' }).maskedCall(request)).rejects.toThrow(/503/);
  });
});
