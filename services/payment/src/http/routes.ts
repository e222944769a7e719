import type { Express, Request, RequestHandler } from 'express';
import {
  clientKey,
  NotFoundError,
  rateLimit,
  route,
  validated,
  ValidationError,
  type Cache,
  type RequestWithRawBody,
} from '@vanhop/platform';
import { parsePercentage } from './percentage.js';
import {
  namesABooking,
  parseCheckoutProofs,
  parseProviderRef,
  readQuotePaymentRequest,
  readRecordPaymentRequest,
} from './payment-request.js';
import type { PaymentClient, StartPayment } from '../app/start-payment.js';
import type { ConfirmPayment } from '../app/confirm-payment.js';
import type { HandleProviderEvent } from '../app/handle-provider-event.js';
import type { FindCardPayment } from '../app/find-card-payment.js';
import { localCheckoutPath } from '../domain/local-checkout.js';
import { holdsClientSecret } from '../domain/payment.js';
import type { ReleaseCheckouts } from '../app/release-checkouts.js';
import type { AbandonCheckouts } from '../app/abandon-checkouts.js';
import {
  checkoutReleaseRequestSchema,
  CHECKOUT_RELEASE_MSG,
  type PaymentSuccessAck,
  penceToPounds,
} from '@vanhop/contracts';

export interface PaymentRouteDeps {
  start: StartPayment;
  confirm: ConfirmPayment;
  webhook: HandleProviderEvent;
  cardPayment: FindCardPayment;
  releases: Pick<ReleaseCheckouts, 'release'>;
  abandon: Pick<AbandonCheckouts, 'execute'>;
  /** Local mode: savebooking also answers a link to the local test checkout for the intent. */
  localCheckout: boolean;
  /** Requests naming a booking by code or id, per client per minute (booking's retrieve budget). */
  lookupLimit: { cache: Cache; perMinute: number };
}

const correlationOf = (req: Request) => {
  const id = req.headers['x-request-id'];
  return typeof id === 'string' ? id : undefined;
};

/** The client as the gateway determined its address (the hop the service trusts): IPv6 by its /64. */
const clientOf = (req: Request): PaymentClient => (req.ip ? { clientKey: clientKey(req) } : {});

const releaseRequest = validated(checkoutReleaseRequestSchema, 'body', {
  what: 'Release',
  invalid: { message: CHECKOUT_RELEASE_MSG.linkInvalid, fields: { token: CHECKOUT_RELEASE_MSG.linkInvalid } },
});

export function paymentRoutes(app: Express, deps: PaymentRouteDeps): void {
  // Each answer tells a stored code from an unknown one, as retrieving does: the same budget per
  // client, counted before the lookup so a burst of parallel guesses is held to it too.
  const limitLookups = rateLimit(deps.lookupLimit.cache, {
    name: 'payment-booking-lookup',
    limit: deps.lookupLimit.perMinute,
    windowSeconds: 60,
  });
  const lookups: RequestHandler = (req, res, next) => (namesABooking(req.body) ? limitLookups(req, res, next) : next());

  /** Quote panel Book Now → Checkout Session for the chosen share. */
  app.post(
    '/api/paymentbooking',
    lookups,
    route(async (req, res) => {
      const request = readQuotePaymentRequest(req.body);
      const percentage = parsePercentage(request.percentage);
      res.json(
        await deps.start.checkout(request.ref, request.quote, percentage, { ...clientOf(req), proofs: request.proofs }),
      );
    }),
  );

  /**
   * The success screen posts the session id; nothing changes unless Stripe says it is paid. The
   * session id is the proof for the My move link, for an hour after the payment (confirmCheckout).
   */
  app.post(
    '/api/paymentbooking/success',
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const sessionId = parseProviderRef(body.session_id ?? body.sessionId, 'session_id');
      res.json(await deps.confirm.confirmCheckout(sessionId, correlationOf(req)));
    }),
  );

  /** A retrieved record's Pay → PaymentIntent; the web app confirms the card with the secret. */
  app.post(
    '/api/savebooking',
    lookups,
    route(async (req, res) => {
      const request = readRecordPaymentRequest(req.body);
      const percentage = parsePercentage(request.percentage);
      const { payment } = await deps.start.intent(request.ref, percentage, {
        ...clientOf(req),
        proofs: request.proofs,
      });
      res.json({
        clientSecret: payment.clientSecret,
        paymentIntentId: payment._id,
        amount: penceToPounds(payment.amountPence),
        ...(deps.localCheckout ? { localCheckoutUrl: localCheckoutPath(payment._id) } : {}),
      });
    }),
  );

  /**
   * After card confirmation: `{success: true}` only once the provider reports the intent succeeded,
   * with the booking and its My move link only for the caller that sent the intent's client secret.
   */
  app.post(
    '/api/savebooking/updatepaymentstatus',
    lookups,
    route(async (req, res) => {
      const request = readRecordPaymentRequest(req.body);
      const belongs = (p: { bookingId: string; randomNumber: number }) =>
        'id' in request.ref ? p.bookingId === request.ref.id : p.randomNumber === request.ref.code;
      const payment = await deps.cardPayment.execute(request.ref, request.paymentIntentId);
      if (payment?.kind !== 'intent') throw new NotFoundError('No card payment found for this booking');
      if (!belongs(payment))
        throw new ValidationError('paymentIntentId does not belong to this booking', {
          paymentIntentId: 'paymentIntentId does not belong to this booking',
        });
      const confirmed = await deps.confirm.confirm('intent', payment._id, correlationOf(req));
      // A code or an id is no proof: anyone may learn them. Only the page holding the intent's
      // client secret gets the booking (and its My move link); everyone else the wire contract's bare answer.
      res.json(
        holdsClientSecret(payment, request.clientSecret) ? confirmed : ({ success: true } satisfies PaymentSuccessAck),
      );
    }),
  );

  /**
   * A mailed release link's button: closes the unpaid checkouts held under the link's address. The
   * token (from the page's fragment) is the proof: only the address's owner was sent it.
   */
  app.post(
    '/api/paymentbooking/release',
    releaseRequest,
    route(async (req, res) => {
      const { token } = releaseRequest.of(res);
      res.json(await deps.releases.release(token, clientOf(req).clientKey));
    }),
  );

  /**
   * Back on the booking form to choose again: the checkouts this tab opened are closed and their
   * drivers freed. Each is named by its proof (session id or client secret); nothing else is read.
   */
  app.post(
    '/api/paymentbooking/abandon',
    route(async (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      res.json(await deps.abandon.execute(parseCheckoutProofs(body.checkoutProofs)));
    }),
  );

  /** Stripe webhooks: verified over the exact raw bytes the platform app kept for us. */
  app.post(
    '/api/payments/webhook',
    route(async (req, res) => {
      const signature = req.headers['stripe-signature'];
      const result = await deps.webhook.execute(
        (req as RequestWithRawBody).rawBody,
        typeof signature === 'string' ? signature : undefined,
        correlationOf(req),
      );
      res.json(result);
    }),
  );
}
