import type { Express } from 'express';
import { route } from '@vanhop/platform';
import type { CheckSystemHealth } from '../app/check-system-health.js';

export function dashboardRoutes(app: Express, deps: { checkHealth: CheckSystemHealth; serverIp: () => string }): void {
  app.get(
    '/api/dashboard/health',
    route(async (_req, res) => {
      const result = await deps.checkHealth.execute();
      res.status(result.health === 'ok' ? 200 : 503).json(result);
    }),
  );
  app.get('/api/dashboard', (_req, res) => {
    res.json({ serverIp: deps.serverIp() });
  });
}
