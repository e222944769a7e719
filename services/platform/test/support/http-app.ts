import type { Express } from 'express';
import { createHttpApp, createLogger, listen, Readiness, type RunningServer } from '../../src/index.js';

/** A service app as every service builds it (createHttpApp), with `routes`, silent, on a free loopback port. */
export function listenServiceApp(routes: (app: Express) => void, bodyLimitBytes = 1024): Promise<RunningServer> {
  const app = createHttpApp({
    service: 'test',
    logger: createLogger('test', 'silent'),
    readiness: new Readiness([]),
    bodyLimitBytes,
    routes,
  });
  return listen(app, 0);
}
