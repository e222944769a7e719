import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SERVICE_NAMES, serviceUrlVar } from '@vanhop/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '../src/index.js';
import { FRAGMENT_REFUSED } from '../src/refuse-fragments.js';
import { ADAPTERS, standInForwarding } from './support/forwarding-adapters.js';

/** Sends one request with its target written byte for byte (fetch would drop a fragment). */
function rawGet(url: string, target: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`, 'latin1'),
    );
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

/** Targets whose path Express reads differently from the text before `?` (it ends at `#`). */
const FRAGMENT_TARGETS = [
  '/api/reviews/admin#',
  '/api/reviews/admin#?status=pending',
  '/api/reviews/x#/../admin',
  '/api\\reviews\\admin#',
  '/api/backdata#/all',
  '/api/drivers/admin#x',
  '/api/reviews/admin?#',
];

describe.each(ADAPTERS)('request targets with a fragment (%s forwarding)', (adapter) => {
  const reached: string[] = [];
  const handler: http.RequestListener = (req, res) => {
    reached.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"reached":true}'));
  };
  let upstream: http.Server;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = http.createServer(handler);
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
    const { port } = upstream.address() as net.AddressInfo;
    const env: Record<string, string> = {
      GATEWAY_PORT: '0',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'fragment-test-secret-0123456789-abcdefghijkl',
      STATIC_DIR: '/nonexistent',
    };
    for (const name of SERVICE_NAMES) env[serviceUrlVar(name)] = `http://127.0.0.1:${port}`;
    gateway = await startGateway(loadGatewayConfig(env), { forwarding: standInForwarding(adapter, handler) });
  });
  afterAll(async () => {
    await gateway?.stop();
    await new Promise((r) => upstream?.close(r));
  });
  beforeEach(() => {
    reached.length = 0;
  });

  it.each(FRAGMENT_TARGETS)('GET %s is refused with 400 and never reaches a service', async (target) => {
    const res = await rawGet(gateway.url, target);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ message: FRAGMENT_REFUSED });
    expect(reached).toEqual([]);
  });

  it('the staff route itself still gets the staff check, and a public route still goes through', async () => {
    expect((await rawGet(gateway.url, '/api/reviews/admin')).status).toBe(401);
    expect(reached).toEqual([]);
    expect((await rawGet(gateway.url, '/api/reviews/some-link')).status).toBe(200);
    expect(reached).toEqual(['/api/reviews/some-link']);
  });
});
