import { describe, expect, it } from 'vitest';
import { HttpSms } from '../src/adapters/http-sms.js';
import { useProviderStandIn } from './provider-stand-in.js';

describe('HttpSms against a local provider', () => {
  const provider = useProviderStandIn('/send', '{"id":"prov-1"}');

  it('posts JSON with the bearer key and our id as idempotency key; returns the provider id', async () => {
    const sms = new HttpSms({ url: provider.url, apiKey: 'k-123', from: 'VanHop' });
    expect(await sms.send({ to: '+447700900123', body: 'Hello', id: 'evt-1.sms' })).toEqual({ id: 'prov-1' });
    expect(provider.seen[0]!.headers.authorization).toBe('Bearer k-123');
    expect(provider.seen[0]!.headers['idempotency-key']).toBe('evt-1.sms');
    expect(JSON.parse(provider.seen[0]!.body)).toEqual({
      from: 'VanHop',
      to: '+447700900123',
      body: 'Hello',
      reference: 'evt-1.sms',
    });
  });

  it('throws on a provider error so the consumer retries', async () => {
    provider.status = 503;
    provider.answer = '{"error":"busy"}';
    await expect(
      new HttpSms({ url: provider.url, apiKey: 'k', from: 'VanHop' }).send({ to: '+44', body: 'x' }),
    ).rejects.toThrow(/503/);
  });
});
