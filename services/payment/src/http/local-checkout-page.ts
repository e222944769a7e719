import { escapeHtml, formatPence } from '@vanhop/contracts';
import { localCheckoutPath, type LocalCharge } from '../domain/local-checkout.js';

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1d2733; }
  .banner { background: #fff3cd; border: 2px solid #b58100; border-radius: 8px; padding: 0.75rem 1rem; font-weight: 700; }
  .amount { font-size: 2rem; margin: 1rem 0 0.25rem; }
  form { display: inline-block; margin: 1rem 1rem 0 0; }
  button { font-size: 1rem; padding: 0.6rem 1.4rem; border-radius: 6px; border: 1px solid #1d2733; cursor: pointer; }
  .pay { background: #1a7f37; color: #fff; border-color: #1a7f37; }
  .fail { background: #fff; color: #b42318; border-color: #b42318; }
</style>
</head>
<body>
${body}
</body>
</html>`;

/**
 * The local test checkout: plain server-rendered HTML, no script, two forms. It must never be
 * mistaken for a real payment page, hence the banner and the wording on every button.
 */
export function localCheckoutPage(charge: LocalCharge): string {
  const banner =
    '<p class="banner" role="alert">TEST PAYMENT: this is the local test checkout. No card is needed and no real money moves.</p>';
  if (charge.status !== 'open') {
    const settled =
      charge.status === 'succeeded'
        ? 'This test payment has already been paid.'
        : charge.closed
          ? 'This checkout was closed and can no longer be paid: a newer payment replaced it, the customer released it, or its time ran out.'
          : 'This test payment was declined.';
    return layout(
      'VanHop test payment',
      `${banner}<h1>VanHop test payment</h1><p>${settled}</p><p><a href="${escapeHtml(charge.status === 'succeeded' ? charge.successPath : charge.cancelPath)}">Continue</a></p>`,
    );
  }
  const action = (what: 'pay' | 'fail') => escapeHtml(`${localCheckoutPath(charge._id)}/${what}`);
  return layout(
    'VanHop test payment',
    `${banner}
<h1>VanHop test payment</h1>
<p>${escapeHtml(charge.description)}</p>
<p class="amount" data-testid="amount">${escapeHtml(formatPence(charge.amountPence))}</p>
<p>${charge.purpose === 'balance' ? 'The balance' : `${charge.percentage}%`} of booking ${charge.randomNumber}, in GBP.</p>
<form method="post" action="${action('pay')}"><button class="pay" type="submit">Pay ${escapeHtml(formatPence(charge.amountPence))} (test)</button></form>
<form method="post" action="${action('fail')}"><button class="fail" type="submit">Fail this test payment</button></form>`,
  );
}

export function localCheckoutNotFoundPage(): string {
  return layout(
    'VanHop test payment',
    '<h1>Payment not found</h1><p>This test checkout link is unknown or has been removed.</p><p><a href="/">Back to VanHop</a></p>',
  );
}
