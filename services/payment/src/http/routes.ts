import type { Express } from 'express';
import { route, ServiceUnavailableError } from '@vanhop/platform';
import { parsePercentage } from '../domain/percentage.js';

export function paymentRoutes(app: Express): void {
  app.post(
    '/api/paymentbooking',
    route(async (req) => {
      parsePercentage((req.body as { percentage?: unknown })?.percentage);
      throw new ServiceUnavailableError('Card payments are not available yet');
    }),
  );
}
