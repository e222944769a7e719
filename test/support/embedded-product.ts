/**
 * The embedded product for a system test file: started in beforeAll on its own data folder (no web
 * app, the local checkout, retrieve limits out of the way of a test's many calls), stopped in
 * afterAll after `beforeStop` (e.g. letting the outbox settle). Call inside the describe block.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Clock } from '@vanhop/platform';
import { startEmbeddedOnTempDir, type EmbeddedOnTempDir } from './embedded.js';
import { apiClient, type Api } from './gateway-api.js';

export interface EmbeddedProductForTests {
  /** The running product: read only inside tests and hooks (it is started in beforeAll). */
  product(): EmbeddedOnTempDir['product'];
  running(): EmbeddedOnTempDir;
  api: Api;
  /** The options staffAuth and driverAuth take to sign tokens this product accepts. */
  jwt(): { env: { JWT_SECRET: string } };
}

export function useEmbeddedProduct(
  options: { env?: Record<string, string>; beforeStop?: () => Promise<void>; clock?: Clock } = {},
): EmbeddedProductForTests {
  let embedded: EmbeddedOnTempDir | undefined;
  const running = () => {
    if (!embedded) throw new Error('the embedded product is started in beforeAll');
    return embedded;
  };
  beforeAll(async () => {
    embedded = await startEmbeddedOnTempDir(
      { STRIPE_SECRET_KEY: '', RETRIEVE_RATE_LIMIT_PER_MINUTE: '1000', ...options.env },
      { webApp: false, clock: options.clock },
    );
  });
  afterAll(async () => {
    if (embedded && options.beforeStop) await options.beforeStop();
    await embedded?.stop();
  });
  return {
    product: () => running().product,
    running,
    api: apiClient(() => running().product.url),
    jwt: () => ({ env: { JWT_SECRET: running().product.env.JWT_SECRET! } }),
  };
}
