import { describe, expect, it } from 'vitest';
import { HttpTelephony } from '../src/adapters/http-telephony.js';
import { useProviderStandIn } from './provider-stand-in.js';

describe('HttpTelephony against a local provider', () => {
  const provider = useProviderStandIn('/sessions', '{"proxyNumber":"+44 20 3000 0001"}');
  const request = {
    reference: 'bk-1',
    caller: '07700900101',
    callee: '07700900123',
    expiresAt: '2026-01-18T00:00:00.000Z',
  };

  it('posts both parties with the bearer key and the reference as idempotency key; returns the proxy number', async () => {
    expect(await new HttpTelephony({ url: provider.url, apiKey: 'tk-1' }).maskedCall(request)).toEqual({
      proxyNumber: '+44 20 3000 0001',
    });
    expect(provider.seen[0]!.headers.authorization).toBe('Bearer tk-1');
    expect(provider.seen[0]!.headers['idempotency-key']).toBe('bk-1');
    expect(JSON.parse(provider.seen[0]!.body)).toEqual({
      reference: 'bk-1',
      participants: ['07700900101', '07700900123'],
      expiresAt: '2026-01-18T00:00:00.000Z',
    });
  });

  it('refuses an answer that is not a number to dial, or is one of the parties', async () => {
    for (const bad of [
      '{"proxyNumber":"javascript:alert(1)"}',
      '{"ok":true}',
      'not json',
      '{"number":"07700900123"}',
    ]) {
      provider.answer = bad;
      await expect(new HttpTelephony({ url: provider.url, apiKey: 'k' }).maskedCall(request)).rejects.toThrow(
        /usable proxy/,
      );
    }
  });

  it('throws on a provider error', async () => {
    provider.status = 503;
    provider.answer = '{"error":"busy"}';
    await expect(new HttpTelephony({ url: provider.url, apiKey: 'k' }).maskedCall(request)).rejects.toThrow(/503/);
  });
});
