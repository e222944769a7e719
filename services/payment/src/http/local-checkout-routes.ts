import type { Express, Response } from 'express';
import { route } from '@vanhop/platform';
import type { LocalTestCheckout } from '../app/local-test-checkout.js';
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
 * The local test checkout (mounted only when no Stripe key is configured): its TEST page, and Pay
 * and Fail, which settle the charge and fulfil it as Stripe's webhook would.
 */
export function localCheckoutRoutes(app: Express, deps: { checkout: LocalTestCheckout }): void {
  const base = '/api/payments/local-checkout/:ref';

  app.get(
    base,
    route(async (req, res) => {
      const ref = String(req.params.ref);
      const charge = REF.test(ref) ? await deps.checkout.find(ref) : null;
      if (!charge) return sendPage(res, 404, localCheckoutNotFoundPage());
      sendPage(res, 200, localCheckoutPage(charge));
    }),
  );

  for (const outcome of ['pay', 'fail'] as const) {
    app.post(
      `${base}/${outcome}`,
      route(async (req, res) => {
        const ref = String(req.params.ref);
        const charge = REF.test(ref) ? await deps.checkout.settle(ref, outcome) : null;
        if (!charge) return sendPage(res, 404, localCheckoutNotFoundPage());
        res.redirect(303, charge.status === 'succeeded' ? charge.successPath : charge.cancelPath);
      }),
    );
  }
}
