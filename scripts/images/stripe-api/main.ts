import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { StripeApiServer } from '../../../services/payment/test/support/stripe-api-server.js';

/**
 * The payment service's local Stripe-API server, run as a container of the compose system test so
 * the payment container's Stripe SDK talks to it inside the compose network (STRIPE_API_BASE).
 * That server listens on loopback only, so this process fronts it on 0.0.0.0:12111 and adds what a
 * test outside the container needs, on the same port (published on 127.0.0.1):
 *   GET  /__control/health                            200 (no key: the healthcheck)
 *   POST /__control/checkout/sessions/<id>/complete   the customer pays; answers the
 *        checkout.session.completed Event, which the test signs and posts to the webhook
 * Everything else is the Stripe API itself. Control calls need the same bearer key as the API.
 */
const key = process.env.STRIPE_SECRET_KEY ?? '';
if (!/^sk_test_\w+$/.test(key)) {
  console.error('stripe-api: STRIPE_SECRET_KEY must be a test key (sk_test_...)');
  process.exit(64);
}
const port = Number(process.env.PORT ?? 12111);

async function main(): Promise<void> {
  const stripe = new StripeApiServer(key);
  const inner = await stripe.start();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const control = (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === '/__control/health') return json(res, 200, { ok: true });
    if (req.headers.authorization !== `Bearer ${key}`) return json(res, 401, { error: 'bad key' });
    const sessionId = /^\/__control\/checkout\/sessions\/([\w-]+)\/complete$/.exec(path)?.[1];
    if (sessionId !== undefined && req.method === 'POST') {
      if (!stripe.sessions.has(sessionId)) return json(res, 404, { error: `no checkout session ${sessionId}` });
      return json(res, 200, stripe.event('checkout.session.completed', stripe.completeSession(sessionId)));
    }
    json(res, 404, { error: 'unknown control route' });
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://stripe-api').pathname;
    if (path.startsWith('/__control/')) return control(req, res, path);
    const upstream = request(
      { host: '127.0.0.1', port: inner.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => json(res, 502, { error: err.message }));
    req.pipe(upstream);
  });
  server.listen(port, '0.0.0.0', () => console.log(`stripe-api: local Stripe API on :${port}`));
  const stop = () => {
    server.close();
    void stripe.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
