import { DEFAULT_PORTS, type Env, type ServiceName } from '@vanhop/platform';
import { quoteService } from '@vanhop/quote';
import { bookingService } from '@vanhop/booking';
import { paymentService } from '@vanhop/payment';
import { notificationService } from '@vanhop/notification';
import { reviewService } from '@vanhop/review';
import { adminAuthService } from '@vanhop/admin-auth';
import { fleetService } from '@vanhop/fleet';
import { DEFAULT_OPS_PORT, loadGatewayConfig } from '@vanhop/gateway';

/** What the manifests are checked against: each program's own config loader and its port. */
export interface Deployable {
  name: ServiceName | 'gateway';
  /** Workspace folder: the image runs `node <dir>/dist/main.js`. */
  dir: string;
  port: number;
  /** The gateway: readiness and metrics on a second port (OPS_PORT) that its Service does not carry. */
  opsPort?: number;
  loadConfig(env: Env): { platform: { host: string; port: number; eventBus: string; store: string; cache: string } };
  /** The gateway keeps no documents and consumes no events: only its cache must be distributed. */
  usesStoreAndBus: boolean;
}

const service = (def: { name: string; loadConfig: Deployable['loadConfig'] }): Deployable => ({
  name: def.name as ServiceName,
  dir: `services/${def.name}`,
  port: DEFAULT_PORTS[def.name as ServiceName],
  loadConfig: (env) => def.loadConfig(env),
  usesStoreAndBus: true,
});

export const DEPLOYABLES: Deployable[] = [
  {
    name: 'gateway',
    dir: 'gateway',
    port: DEFAULT_PORTS.gateway,
    opsPort: DEFAULT_OPS_PORT,
    loadConfig: (env) => loadGatewayConfig(env),
    usesStoreAndBus: false,
  },
  ...[
    quoteService,
    bookingService,
    paymentService,
    notificationService,
    reviewService,
    adminAuthService,
    fleetService,
  ].map(service),
];

/** The Deployment / compose service named after a program is that program. */
export function deployableNamed(name: string): Deployable {
  const found = DEPLOYABLES.find((d) => d.name === name);
  if (!found) throw new Error(`no program called ${name}`);
  return found;
}
