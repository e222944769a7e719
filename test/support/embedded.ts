/** The embedded product (gateway + every service in one process) for tests, benches and browser tests. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Clock, Env } from '@vanhop/platform';
import { startEmbedded, type EmbeddedProduct } from '../../scripts/embedded/start-embedded.js';

export { freePort } from '../system/process-fleet.js';

export interface EmbeddedOnTempDir {
  product: EmbeddedProduct;
  dataDir: string;
  /** Stops the product and removes its data folder. */
  stop(): Promise<void>;
}

export interface EmbeddedTestOptions {
  clock?: Clock;
  /** false: the gateway serves an empty folder instead of the built web app (server tests need no build). */
  webApp?: boolean;
}

/**
 * Starts the embedded product with a fresh temp data folder, quiet logs and the gateway and its
 * ops port on free ports (GATEWAY_PORT and OPS_PORT 0) unless `env` says otherwise. Nothing is read from process.env unless the
 * caller spreads it into `env`.
 */
export async function startEmbeddedOnTempDir(
  env: Env = {},
  options: EmbeddedTestOptions = {},
): Promise<EmbeddedOnTempDir> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-embedded-'));
  // Retried: a store closed a moment ago may still be finishing its compaction in the folder.
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  let product: EmbeddedProduct;
  try {
    product = await startEmbedded(
      {
        GATEWAY_PORT: '0',
        OPS_PORT: '0',
        LOG_LEVEL: 'silent',
        ...(options.webApp === false ? { STATIC_DIR: dataDir } : {}),
        ...env,
        DATA_DIR: dataDir,
      },
      { clock: options.clock },
    );
  } catch (err) {
    removeDataDir();
    throw err;
  }
  return {
    product,
    dataDir,
    stop: async () => {
      await product.stop();
      removeDataDir();
    },
  };
}
