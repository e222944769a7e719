import type { Express } from 'express';
import { bookingIdSchema } from '@vanhop/contracts';
import { route, ValidationError } from '@vanhop/platform';
import type { StartPayment } from '../app/start-payment.js';

/**
 * Service-to-service routes (booking → payment). Under /internal, which the gateway never proxies;
 * the NetworkPolicy admits only the services that call them.
 */
export function internalPaymentRoutes(app: Express, deps: { start: StartPayment }): void {
  /** My move's Pay balance: a checkout for the balance booking reports (the amount is read back from booking). */
  app.post(
    '/internal/payments/balance',
    route(async (req, res) => {
      const raw = (req.body ?? {}) as Record<string, unknown>;
      if (!bookingIdSchema.isValidSync(raw.bookingId) || typeof raw.bookingId !== 'string') {
        throw new ValidationError('Invalid booking id', { bookingId: 'Invalid booking id' });
      }
      res.json(await deps.start.balance(raw.bookingId));
    }),
  );
}
