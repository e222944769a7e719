import type { Express, Response } from 'express';
import { route } from '@vanhop/platform';
import type { LocalPaymentProvider } from '../adapters/local-provider.js';
import type { ConfirmPayment } from '../app/confirm-payment.js';
import type { PaymentRepository } from '../adapters/payment-repository.js';
import { localCheckoutNotFoundPage, localCheckoutPage } from './local-checkout-page.js';

const REF = /^(cs|pi)_local_[0-9a-f]{1,64}$/;

function sendPage(res: Response, status: number, html: string): void {
  res
    .status(status)
    .set({
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    })
    .type('html')
    .send(html);
}

/**
 * The local test checkout (mounted only when no Stripe key is configured). Pay settles the charge
 * at the local provider and then runs the same provider-confirmed fulfilment as Stripe's webhook,
 * so the booking is updated even if the browser never reaches the success page.
 */
export function localCheckoutRoutes(
  app: Express,
  deps: { provider: LocalPaymentProvider; confirm: ConfirmPayment; payments: PaymentRepository },
): void {
  const base = '/api/payments/local-checkout/:ref';

  app.get(
    base,
    route(async (req, res) => {
      const ref = String(req.params.ref);
      const charge = REF.test(ref) ? await deps.provider.find(ref) : null;
      if (!charge) return sendPage(res, 404, localCheckoutNotFoundPage());
      sendPage(res, 200, localCheckoutPage(charge));
    }),
  );

  for (const outcome of ['pay', 'fail'] as const) {
    app.post(
      `${base}/${outcome}`,
      route(async (req, res) => {
        const ref = String(req.params.ref);
        const charge = REF.test(ref)
          ? await deps.provider.settle(ref, outcome === 'pay' ? 'succeeded' : 'failed')
          : null;
        if (!charge) return sendPage(res, 404, localCheckoutNotFoundPage());
        const payment = await deps.payments.byRef(ref);
        if (payment && charge.status === 'succeeded') await deps.confirm.settle(payment.kind, ref);
        if (payment && charge.status === 'failed')
          await deps.confirm.recordFailure(payment, 'Declined on the local test checkout');
        res.redirect(303, charge.status === 'succeeded' ? charge.successPath : charge.cancelPath);
      }),
    );
  }
}
