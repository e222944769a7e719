import type { Express } from 'express';
import { balanceCheckoutRequestSchema } from '@vanhop/contracts';
import { route, validated } from '@vanhop/platform';
import type { StartPayment } from '../app/start-payment.js';

const balanceRequest = validated(balanceCheckoutRequestSchema, 'body', {
  invalid: { message: 'Invalid booking id', fields: { bookingId: 'Invalid booking id' } },
});

/**
 * Service-to-service routes (booking → payment). Under /internal, which the gateway never proxies;
 * the NetworkPolicy admits only the services that call them.
 */
export function internalPaymentRoutes(app: Express, deps: { start: StartPayment }): void {
  /** My move's Pay balance: a checkout for the balance booking reports (the amount is read back from booking). */
  app.post(
    '/internal/payments/balance',
    balanceRequest,
    route(async (_req, res) => {
      res.json(await deps.start.balance(balanceRequest.of(res).bookingId));
    }),
  );
}
