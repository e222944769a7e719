/**
 * One program of the distributed mode, in a process of its own (forked by distributed.ts): `services`
 * runs every service (the embedded product, whose own gateway stays idle) and answers their URLs;
 * `gateway` runs a gateway proxying over HTTP to the URLs it is sent, as each pod's does.
 */
import './raw-text.js';
import { SERVICE_NAMES, serviceUrlVar, type Env } from '@vanhop/platform';

const role = process.argv[2];
const env = (await new Promise((resolve) => process.once('message', resolve))) as Env;
let stop: () => Promise<void>;
if (role === 'services') {
  const { startEmbeddedOnTempDir } = await import('../../test/support/embedded.js');
  const running = await startEmbeddedOnTempDir({ ...env, EMBEDDED_FORWARDING: 'http' });
  stop = running.stop;
  const urls = Object.fromEntries(SERVICE_NAMES.map((n) => [serviceUrlVar(n), running.product.env[serviceUrlVar(n)]!]));
  process.send!({ result: { ...urls, JWT_SECRET: running.product.env.JWT_SECRET } });
} else {
  const { loadGatewayConfig, startGateway } = await import('@vanhop/gateway');
  const gateway = await startGateway(loadGatewayConfig(env));
  stop = gateway.stop;
  process.send!({ result: { url: gateway.url } });
}
process.once('message', () => void stop().then(() => process.exit(0)));
