import type { Express, RequestHandler } from 'express';
import { route } from '@vanhop/platform';
import type { CheckSystemHealth } from '../app/check-system-health.js';
import { loginErrors } from './error-shapes.js';

export function dashboardRoutes(
  app: Express,
  deps: { checkHealth: CheckSystemHealth; serverIp: () => string; requireAdmin: RequestHandler },
): void {
  // Public on purpose: SRE probes read the aggregate status; it names services, never addresses or data.
  app.get(
    '/api/dashboard/health',
    route(async (_req, res) => {
      const result = await deps.checkHealth.execute();
      res.status(result.health === 'ok' ? 200 : 503).json(result);
    }),
  );
  // The host address helps attackers map the network: staff only.
  const answerServerIp: RequestHandler = (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ serverIp: deps.serverIp() });
  };
  app.get('/api/dashboard', deps.requireAdmin, answerServerIp, loginErrors);
}
