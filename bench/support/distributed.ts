/**
 * The distributed mode on one machine, as its pods run it: the gateway and the quote service each
 * in a process of its own, from their built bundles (`node gateway/dist/main.js`,
 * `node services/quote/dist/main.js`), the gateway proxying to the quote service over loopback HTTP.
 * The quote route needs no other service; the others' URLs point at ports nothing listens on. The
 * drivers it prices are the demo fleet's cards, written into its read model as the fleet service's
 * events would have left them (two processes share no in-process bus).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore, SERVICE_NAMES, serviceUrlVar, type Env } from '@vanhop/platform';
import { SupplyCards } from '../../services/quote/src/adapters/supply-cards.js';
import { cardWireOf } from '../../services/fleet/src/adapters/driver-card-wire.js';
import { DEMO_DRIVERS } from '../../services/fleet/src/domain/demo-drivers.js';

/** The demo drivers' cards in quote's read model under `dataDir` (DATA_DIR/quote). */
async function seedDemoCards(dataDir: string): Promise<void> {
  const store = new EmbeddedDocumentStore(path.join(dataDir, 'quote'));
  const cards = new SupplyCards(store);
  await cards.ensureIndexes();
  for (const d of DEMO_DRIVERS)
    await cards.apply({ driverId: d._id, revision: 1, active: d.active, card: cardWireOf({ ...d, version: 1 }) });
  await store.close();
}
import { freePort, ServiceProcess } from '../../test/system/process-fleet.js';

export async function startDistributed(env: Env): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vanhop-bench-distributed-'));
  await seedDemoCards(dataDir);
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
