import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, SERVICE_NAMES, serviceUrlVar } from '@vanhop/platform';
import { loadGatewayConfig, startGateway, type RunningGateway } from '../src/index.js';
import { readTrustProxy } from '../src/config.js';
import { ADAPTERS, standInForwarding } from './support/forwarding-adapters.js';

/** A stand-in service that answers with the forwarding headers it was given. */
function startHeaderEcho(): Promise<{ url: string; handler: http.RequestListener; close(): Promise<void> }> {
  const handler: http.RequestListener = (req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          xff: req.headers['x-forwarded-for'] ?? null,
          host: req.headers['x-forwarded-host'] ?? null,
          forwarded: req.headers.forwarded ?? null,
        }),
      );
    });
  };
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, handler, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

const LIMIT = 3;

describe.each(ADAPTERS)(
  'client address: X-Forwarded-For is believed only from TRUST_PROXY (%s forwarding)',
  (adapter) => {
    let upstream: Awaited<ReturnType<typeof startHeaderEcho>>;
    const gateways: RunningGateway[] = [];
    const start = async (extra: Record<string, string> = {}) => {
      const env: Record<string, string> = {
        GATEWAY_PORT: '0',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'client-address-test-secret-0123456789-abcdef',
        STATIC_DIR: '/nonexistent',
        GATEWAY_RATE_LIMIT_PER_MINUTE: String(LIMIT),
        ...extra,
      };
      for (const name of SERVICE_NAMES) env[serviceUrlVar(name)] = upstream.url;
      const gateway = await startGateway(loadGatewayConfig(env), {
        forwarding: standInForwarding(adapter, upstream.handler),
      });
      gateways.push(gateway);
      return gateway;
    };
    const get = (gateway: RunningGateway, xff?: string) =>
      fetch(`${gateway.url}/api/google/review`, {
        headers: xff ? { 'x-forwarded-for': xff, 'x-forwarded-host': 'evil.example', forwarded: 'for=1.2.3.4' } : {},
      });

    beforeAll(async () => {
      upstream = await startHeaderEcho();
    });
    afterAll(async () => {
      await Promise.all(gateways.map((g) => g.stop()));
      await upstream?.close();
    });

    it('TRUST_PROXY unset: a forged X-Forwarded-For from loopback neither escapes the per-client limit nor reaches a service', async () => {
      const gateway = await start();
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++) {
        const res = await get(gateway, `203.0.113.${i + 1}`);
        statuses.push(res.status);
        if (res.status === 200) expect(await res.json()).toEqual({ xff: '127.0.0.1', host: null, forwarded: null });
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    });

    it('TRUST_PROXY=1: the address the one trusted proxy saw is the client, and the service is told that address only', async () => {
      const gateway = await start({ TRUST_PROXY: '1' });
      const res = await get(gateway, '198.51.100.7, 203.0.113.9');
      expect(await res.json()).toEqual({ xff: '203.0.113.9', host: null, forwarded: null });
      // Each client address has its own allowance.
      for (let i = 0; i < LIMIT - 1; i++) expect((await get(gateway, `203.0.113.9`)).status).toBe(200);
      expect((await get(gateway, '203.0.113.9')).status).toBe(429);
      expect((await get(gateway, '203.0.113.10')).status).toBe(200);
    });

    it('TRUST_PROXY as addresses and ranges: only those peers are believed', async () => {
      const trusted = await start({ TRUST_PROXY: '127.0.0.1/8, ::1' });
      expect(await (await get(trusted, '192.0.2.44')).json()).toMatchObject({ xff: '192.0.2.44' });
      const other = await start({ TRUST_PROXY: '10.0.0.0/8' });
      expect(await (await get(other, '192.0.2.44')).json()).toMatchObject({ xff: '127.0.0.1' });
    });

    it('refuses a TRUST_PROXY it cannot read, naming it', () => {
      expect(readTrustProxy(undefined)).toBe(false);
      expect(readTrustProxy('0')).toBe(false);
      expect(readTrustProxy('2')).toBe(2);
      expect(readTrustProxy('10.0.0.0/8, fd00::/8, 192.168.1.7, loopback')).toEqual([
        '10.0.0.0/8',
        'fd00::/8',
        '192.168.1.7',
        'loopback',
      ]);
      for (const bad of [
        'yes',
        'true',
        '10.0.0.0/33',
        '300.1.1.1',
        '10.0.0.0/8,,',
        'fd00::/129',
        '-1',
        '11',
        '10.0.0.0/8/1',
      ]) {
        expect(() => readTrustProxy(bad), bad).toThrow(ConfigError);
        expect(() => readTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
      }
      expect(() =>
        loadGatewayConfig({ JWT_SECRET: 'client-address-test-secret-0123456789-abcdef', TRUST_PROXY: 'everyone' }),
      ).toThrow(/TRUST_PROXY/);
    });
  },
);
