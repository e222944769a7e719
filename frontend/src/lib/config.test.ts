import { describe, expect, it, vi } from 'vitest';
import { PublicConfigStore, parsePublicConfig } from './config';

const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status < 400, status, json: () => Promise.resolve(body) });

describe('public config (/api/config)', () => {
  it('is fetched once however many components ask', async () => {
    const fetcher = vi.fn(() =>
      answer(200, { phone: '020 3000 0000', email: 'hello@vanhop.example', googleMapsKey: 'k1' }),
    );
    const store = new PublicConfigStore(fetcher);
    const stop1 = store.subscribe(() => {});
    const stop2 = store.subscribe(() => {});
    const state = await store.load();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith('/api/config');
    expect(state).toEqual({
      status: 'ready',
      config: {
        phone: '020 3000 0000',
        email: 'hello@vanhop.example',
        googleMapsKey: 'k1',
        stripePublishableKey: undefined,
      },
    });
    expect(store.getState()).toBe(state);
    stop1();
    stop2();
  });

  it('tells subscribers when it arrives', async () => {
    const store = new PublicConfigStore(() => answer(200, { phone: '1', email: 'a@b.c' }));
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().status));
    expect(store.getState().status).toBe('loading');
    await store.load();
    expect(seen).toEqual(['ready']);
  });

  it('reports a failed answer as its state, instead of throwing or only logging it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = new PublicConfigStore(() => answer(502, {}));
    expect(await store.load()).toEqual({ status: 'failed', config: null });
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('keeps only known string fields and treats blank keys as absent', () => {
    expect(
      parsePublicConfig({
        googleMapsKey: '  ',
        stripePublishableKey: 42,
        phone: ' 07700 900000 ',
        email: 'x@y.z',
        secret: 's',
      }),
    ).toEqual({
      googleMapsKey: undefined,
      stripePublishableKey: undefined,
      phone: '07700 900000',
      email: 'x@y.z',
    });
    expect(parsePublicConfig(null)).toEqual({
      phone: '',
      email: '',
      googleMapsKey: undefined,
      stripePublishableKey: undefined,
    });
  });
});
