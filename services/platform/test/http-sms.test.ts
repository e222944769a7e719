import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSms } from '../src/adapters/http-sms.js';

describe('HttpSms against a local provider', () => {
  const seen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let status = 200;
  let answer = '{"id":"prov-1"}';
  let server: http.Server;
  let url: string;

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
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts JSON with the bearer key and our id as idempotency key; returns the provider id', async () => {
    const sms = new HttpSms({ url, apiKey: 'k-123', from: 'VanHop' });
    expect(await sms.send({ to: '+447700900123', body: 'Hello', id: 'evt-1.sms' })).toEqual({ id: 'prov-1' });
    expect(seen[0].headers.authorization).toBe('Bearer k-123');
    expect(seen[0].headers['idempotency-key']).toBe('evt-1.sms');
    expect(JSON.parse(seen[0].body)).toEqual({ from: 'VanHop', to: '+447700900123', body: 'Hello', reference: 'evt-1.sms' });
  });

  it('throws on a provider error so the consumer retries', async () => {
    status = 503;
    answer = '{"error":"busy"}';
    await expect(new HttpSms({ url, apiKey: 'k', from: 'VanHop' }).send({ to: '+44', body: 'x' })).rejects.toThrow(/503/);
  });
});
