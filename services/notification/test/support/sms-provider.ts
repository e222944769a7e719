import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedText {
  auth: string | undefined;
  idempotencyKey: string | undefined;
  body: { from: string; to: string; body: string; reference: string };
}

/** A local stand-in for an HTTP SMS gateway: records each POST and answers with a provider id. */
export async function startSmsProvider(): Promise<{ url: string; received: ReceivedText[]; close(): Promise<void> }> {
  const received: ReceivedText[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      received.push({
        auth: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(raw),
      });
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: `sms-${received.length}`, status: 'queued' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1/messages`,
    received,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
