/**
 * The distributed mode on one machine, as its pods run it: the gateway and the quote service each
 * in a process of its own, from their built bundles (`node gateway/dist/main.js`,
 * `node services/quote/dist/main.js`), the gateway proxying to the quote service over loopback HTTP.
 * The quote route needs no other service; the others' URLs point at ports nothing listens on.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES, serviceUrlVar, type Env } from '@vanhop/platform';
import { freePort, ServiceProcess } from '../../test/system/process-fleet.js';

export async function startDistributed(env: Env): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-distributed-'));
  const [quotePort, gatewayPort, opsPort, ...others] = await Promise.all(
    [0, 1, 2, ...SERVICE_NAMES].map(() => freePort()),
  );
  const urls = Object.fromEntries(
    SERVICE_NAMES.map((name, i) => [
      serviceUrlVar(name),
      `http://127.0.0.1:${name === 'quote' ? quotePort : others[i]}`,
    ]),
  );
  const shared = { ...env, ...urls, JWT_SECRET: randomBytes(32).toString('hex') };
  const quote = new ServiceProcess(
    'quote',
    'services/quote/dist/main.js',
    { ...shared, PORT: String(quotePort), DATA_DIR: dataDir },
    urls[serviceUrlVar('quote')]!,
  );
  const url = `http://127.0.0.1:${gatewayPort}`;
  const gateway = new ServiceProcess(
    'gateway',
    'gateway/dist/main.js',
    { ...shared, PORT: String(gatewayPort), GATEWAY_PORT: String(gatewayPort), OPS_PORT: String(opsPort) },
    url,
    '/health/live',
  );
  const stop = async () => {
    await Promise.all([gateway.kill('SIGTERM'), quote.kill('SIGTERM')]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await quote.start();
    await gateway.start();
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
