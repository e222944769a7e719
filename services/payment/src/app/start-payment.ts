import {
  CHECKOUT_RELEASE_MSG,
  DRIVER_TAKEN_MESSAGE,
  formatPence,
  moveDifference,
  MSG,
  paymentStatusFor,
  poundsToPence,
  shareOfPence,
  staleQuoteProblem,
  type BookingRecord,
  type PayBalanceResponse,
  type PaymentPercentage,
} from '@vanhop/contracts';
import { ConflictError, holdHolderOf, TooManyRequestsError, type Clock, type StoreLeases } from '@vanhop/platform';
import type { BookingDirectory, BookingRef } from '../domain/booking-directory.js';
import {
  balanceIdempotencyKey,
  closeIdempotencyKey,
  idempotencyKeyFor,
  type Payment,
  type PaymentKind,
  type PaymentPurpose,
  provesAttempt,
} from '../domain/payment.js';
import type { ChargeRequest, PaymentProvider } from '../domain/payment-provider.js';
import type { PaymentRepository, UnsavedQuoteRecords } from '../domain/ports.js';
import type { DriverTime } from '../domain/driver-time.js';
import { quoteFingerprint } from '../domain/quote-fingerprint.js';
import { holdsByBooking, openedElsewhere } from '../domain/checkout-release.js';
import { holderLease, type ReleaseCheckouts } from './release-checkouts.js';

/**
 * How long a Checkout Session can be paid: Stripe's shortest (30 minutes to 24 hours are allowed).
 * An unpaid checkout holds its driver exactly as long: a shorter hold would let a second customer
 * book the driver while the first one's open session still takes money; a longer one keeps a
 * driver off the market for nothing whenever a customer closes the tab (nine unpaid 24-hour holds
 * once emptied a slot).
 */
export const CHECKOUT_SESSION_MS = 30 * 60 * 1000;
/** The session's end is rounded up to this grid (see checkoutExpiry). */
const CHECKOUT_EXPIRY_GRID_MS = 5 * 60 * 1000;
/**
 * A PaymentIntent has no expiry of its own: the card form on the retrieve page holds the driver
 * as long as a checkout would, and every new press of Pay holds them again from then.
 */
const INTENT_HOLD_MS = CHECKOUT_SESSION_MS;
/** An open attempt is offered again while it has a useful time left to be paid in. */
const REUSE_WINDOW_MS: Record<PaymentKind, number> = {
  checkout: CHECKOUT_SESSION_MS - 10 * 60 * 1000,
  intent: INTENT_HOLD_MS - 10 * 60 * 1000,
};

/** Book Now pressed again for the same unsaved quote within a day pays the record the first press saved. */
const UNSAVED_QUOTE_REUSE_MS = 23 * 60 * 60 * 1000;
/**
 * A checkout's end, on a 5-minute grid: two requests for one session (a double click, two tabs)
 * send Stripe the same idempotency key, and Stripe refuses a key reused with other parameters, so
 * both must name the same expires_at. The session (and its hold) lives 30 to 35 minutes.
 */
export const checkoutExpiry = (now: Date): Date =>
  new Date(Math.ceil((now.getTime() + CHECKOUT_SESSION_MS) / CHECKOUT_EXPIRY_GRID_MS) * CHECKOUT_EXPIRY_GRID_MS);

/** The message when a client or a customer already holds their limit of drivers with unpaid checkouts. */
export const tooManyOpenHoldsMessage = (open: number, minutes: number): string =>
  `You already have ${open} moves waiting for payment. Finish paying one of them, or try again in ${minutes} minute${minutes === 1 ? '' : 's'} when they lapse.`;

/** Whose checkout it is: the client that asks, and the customer it holds a driver for (hashed and as typed). */
interface CheckoutHolder {
  clientKey?: string;
  holder?: string;
  email?: string;
  /** Session ids and client secrets the caller holds: the checkouts they may supersede. */
  proofs: readonly string[];
}

/**
 * Who is asking: the client's address as the gateway saw it (the open-hold cap counts per client),
 * and the proofs of the checkouts it opened before (their session ids or client secrets).
 */
export interface PaymentClient {
  clientKey?: string;
  proofs?: readonly string[];
}

/** Why an attempt stopped taking money: the booking's newer attempt replaced it. */
export const SUPERSEDED_MESSAGE = 'Replaced by a newer payment for this booking';
/** A card payment for the booking is still being processed by the provider: it cannot be replaced yet. */
export const PAYMENT_IN_PROGRESS_MESSAGE =
  'A payment for this booking is still being processed. Please wait a minute, then reload the page.';

const BALANCE_BEING_RECORDED = 'Your balance payment is being recorded: reload the page in a moment.';

/** The lease under which a booking's payment attempts are opened and the others closed. */
export const openAttemptLease = (bookingId: string) => `payment-open:booking:${bookingId}`;

export const SUCCESS_PATH = '/paymentbooking/success?session_id={CHECKOUT_SESSION_ID}';
export const FAIL_PATH = '/paymentbooking/fail';
/** The failed-payment page offers to try again with the quote's own code, so the way back carries it. */
export const failPathFor = (code: number) => `${FAIL_PATH}?code=${code}`;

/**
 * Opens a Checkout Session or a PaymentIntent for a share of a booking. The amount is always the
 * server's: the percentage of the stored record's server price, in pence.
 */
export class StartPayment {
  constructor(
    private readonly bookings: BookingDirectory,
    private readonly payments: PaymentRepository,
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly unsaved: UnsavedQuoteRecords,
    private readonly driverTime: DriverTime,
    /** Unpaid checkouts one client (address) or one customer (contact e-mail) may hold drivers with at once. */
    private readonly openHoldsPerCustomer: number,
    /** One checkout at a time per client and per contact e-mail, across replicas: the cap's count and the hold it allows are one step. */
    private readonly leases: Pick<StoreLeases, 'withLeases'>,
    /** Mails the address's owner a link releasing checkouts opened with it from other clients. */
    private readonly releases: Pick<ReleaseCheckouts, 'offer' | 'countsAlone'>,
    /** Records an attempt the provider reports paid when it was to be closed (ConfirmPayment.settle). */
    private readonly paidMeanwhile?: (payment: Payment) => Promise<unknown>,
    /**
     * Unpaid checkouts one client may hold drivers with at once under any e-mails (default: the
     * per-customer share). A customer is held to their own share by their e-mail's count below.
     */
    private readonly openHoldsPerClient: number = openHoldsPerCustomer,
  ) {}

  /**
   * The quote panel's Book Now: pays a saved record, or saves the quote first. Either way the quote the
   * customer was shown must be the record's move at the record's price, or nothing is charged.
   */
  async checkout(
    ref: BookingRef | null,
    quote: Record<string, unknown>,
    percentage: PaymentPercentage,
    client: PaymentClient = {},
  ): Promise<{ sessionId: string; url: string }> {
    const record = ref ? await this.locate(ref) : await this.recordForUnsavedQuote(quote, client.clientKey);
    const problem = staleQuoteProblem(quote, recordPrice(record));
    if (problem) throw new ConflictError(problem);
    const payment = await this.open('checkout', record, percentage, client, async (charge) => {
      const created = await this.provider.createCheckout({
        ...charge,
        successPath: SUCCESS_PATH,
        cancelPath: failPathFor(record.randomNumber),
        expiresAt: checkoutExpiry(this.clock.now()),
      });
      return { ref: created.ref, redirectUrl: created.url, clientSecret: null };
    });
    return { sessionId: payment._id, url: payment.redirectUrl ?? '' };
  }

  /** A retrieved record's Pay: a PaymentIntent whose client secret the web app confirms with. */
  async intent(
    ref: BookingRef,
    percentage: PaymentPercentage,
    client: PaymentClient = {},
  ): Promise<{ payment: Payment; record: BookingRecord }> {
    const record = await this.locate(ref);
    const payment = await this.open('intent', record, percentage, client, async (charge) => {
      const created = await this.provider.createIntent({
        ...charge,
        returnPath: `/retrieve/${record.randomNumber}`,
        cancelPath: failPathFor(record.randomNumber),
      });
      return { ref: created.ref, redirectUrl: null, clientSecret: created.clientSecret };
    });
    return { payment, record };
  }

  /**
   * My move's Pay balance: a Checkout Session for exactly the balance the booking service reports
   * now. A double click (or a second tab) gets the same open session back; a balance paid here but
   * not yet applied by the booking service is not charged again.
   */
  async balance(bookingId: string): Promise<PayBalanceResponse> {
    // Under the booking's lease: a concurrent request must not close the session this one is opening.
    return this.leases.withLeases([openAttemptLease(bookingId)], () => this.openBalance(bookingId));
  }

  private async openBalance(bookingId: string): Promise<PayBalanceResponse> {
    const summary = await this.bookings.summary(bookingId);
    if (summary.state !== 'active' || summary.paymentStatus === 'unpaid')
      throw new ConflictError('This booking has no balance to pay online.');
    const payments = await this.payments.balancePayments(bookingId);
    if (payments.some((p) => p.status === 'succeeded' && !summary.paymentRefs.includes(p._id))) {
      throw new ConflictError(BALANCE_BEING_RECORDED);
    }
    const amountPence = summary.balancePence;
    if (!(amountPence > 0)) throw new ConflictError('Nothing is left to pay for this booking.');

    const now = this.clock.now();
    const open = await this.payments.openBalanceAttempt(
      bookingId,
      amountPence,
      new Date(now.getTime() - REUSE_WINDOW_MS.checkout),
    );
    if (open) return { sessionId: open._id, url: open.redirectUrl ?? '' };
    // One live balance checkout too: one opened for another amount (before the price changed) is closed first.
    await this.closeOtherAttempts(bookingId, 'balance', undefined, BALANCE_BEING_RECORDED);

    const attempt = payments.length + 1;
    const idempotencyKey = balanceIdempotencyKey(bookingId, attempt);
    const created = await this.provider.createCheckout({
      bookingId,
      randomNumber: summary.randomNumber,
      percentage: 100,
      purpose: 'balance',
      amountPence,
      currency: 'gbp',
      description: `VanHop booking ${summary.randomNumber}: balance of ${formatPence(amountPence)}`,
      customerEmail: summary.customerEmail,
      idempotencyKey,
      successPath: SUCCESS_PATH,
      // Giving up on the balance is no failure: the customer goes back to their My move page.
      cancelPath: summary.myMovePath,
      expiresAt: checkoutExpiry(now),
    });
    const payment = await this.payments.insert({
      _id: created.ref,
      provider: this.provider.name,
      kind: 'checkout',
      purpose: 'balance',
      bookingId,
      randomNumber: summary.randomNumber,
      percentage: 100,
      amountPence,
      currency: 'gbp',
      attempt,
      idempotencyKey,
      status: 'pending',
      redirectUrl: created.url,
      clientSecret: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    return { sessionId: payment._id, url: payment.redirectUrl ?? '' };
  }

  /**
   * Saves a never-saved quote as a record, unless the very same quote was saved by an earlier Book
   * Now of the same client (the customer came back from the checkout page) and that record is still
   * unpaid. Another client sending the same quote gets a record of its own: the record's checkout
   * leads to its My move link. The record found by the key is checked against the quote itself:
   * paying a record made for another move (or at another price) would charge and confirm what the
   * customer no longer sees.
   */
  private async recordForUnsavedQuote(quote: Record<string, unknown>, clientKey?: string): Promise<BookingRecord> {
    const fingerprint = quoteFingerprint(quote, clientKey);
    const now = this.clock.now();
    const known = await this.unsaved.bookingFor(fingerprint, new Date(now.getTime() - UNSAVED_QUOTE_REUSE_MS));
    if (known) {
      const existing = await this.bookings.byId(known).catch(() => null);
      const reusable =
        existing?.paymentStatus === 'unpaid' &&
        moveDifference(quote, existing.quote) === null &&
        staleQuoteProblem(quote, recordPrice(existing)) === null;
      if (reusable) return existing;
    }
    const record = await this.bookings.createFromQuote(quote);
    await this.unsaved.remember(fingerprint, record._id, now);
    return record;
  }

  private locate(ref: BookingRef): Promise<BookingRecord> {
    return 'id' in ref ? this.bookings.byId(ref.id) : this.bookings.byCode(ref.code);
  }

  private async open(
    kind: PaymentKind,
    record: BookingRecord,
    percentage: PaymentPercentage,
    client: PaymentClient,
    create: (
      charge: ChargeRequest,
    ) => Promise<{ ref: string; redirectUrl: string | null; clientSecret: string | null }>,
  ): Promise<Payment> {
    // A paid booking cannot be paid again; the booking service is the source of that status.
    if (record.paymentStatus !== 'unpaid') throw new ConflictError(MSG.payment.alreadyPaid(record.paymentStatus));
    // Paid here but not yet applied by the booking service (the event is on its way): still paid.
    const settled = await this.payments.succeededFor(record._id);
    if (settled) throw new ConflictError(MSG.payment.alreadyPaid(paymentStatusFor(settled.percentage)));
    const amountPence = shareOfPence(poundsToPence(record.quote.totalPrice), percentage);
    if (!(amountPence > 0)) throw new ConflictError('This booking has no price to pay');

    const holder = holdHolderOf(record.quote.email);
    const who: CheckoutHolder = {
      clientKey: client.clientKey,
      holder,
      email: record.quote.email,
      proofs: client.proofs ?? [],
    };
    const capped = !!(record.driver?.id && record.quote.date);
    // One booking's attempts are opened (and the others closed) one request at a time, so two
    // devices asking at once cannot both leave a live attempt behind. Counting a customer's open
    // holds and taking one more must not interleave with their other requests either (nine Book
    // Nows sent at once would each count the same two): one at a time per client and per contact
    // e-mail. A double click waits here, then reuses the first click's session.
    const leaseNames = [
      openAttemptLease(record._id),
      ...(capped && client.clientKey ? [`open-holds:client:${client.clientKey}`] : []),
      ...(capped && holder ? [holderLease(holder)] : []),
    ];
    return this.leases.withLeases(leaseNames, () =>
      this.openOrReuse(kind, record, percentage, amountPence, create, who, capped),
    );
  }

  /**
   * A booking has at most one live attempt per purpose (deposit, balance): the one offered now. Every
   * other one still open, whoever opened it and at whatever share, is closed at the provider first (Checkout
   * Session expired, PaymentIntent cancelled), so an older tab or a second device can no longer take
   * the deposit twice. One the provider was paid on meanwhile is recorded and nothing new is opened
   * (the booking is paid); one it cannot close yet (an intent still processing) refuses too. A
   * payment that lands anyway is refunded by the booking service, which records every payment.
   */
  private async closeOtherAttempts(
    bookingId: string,
    purpose: PaymentPurpose,
    keep: string | undefined,
    paidMessage?: string,
  ): Promise<void> {
    const others = (await this.payments.pendingAttempts(bookingId)).filter(
      (p) => p._id !== keep && (p.purpose ?? 'deposit') === purpose,
    );
    for (const other of others) {
      const outcome = await this.provider.close(other.kind, other._id, closeIdempotencyKey(other._id));
      if (outcome === 'closed') {
        await this.payments.markFailedIfPending(other._id, SUPERSEDED_MESSAGE, this.clock.now().toISOString());
        continue;
      }
      if (outcome === 'paid') {
        await this.paidMeanwhile?.(other);
        throw new ConflictError(paidMessage ?? MSG.payment.alreadyPaid(paymentStatusFor(other.percentage)));
      }
      throw new ConflictError(PAYMENT_IN_PROGRESS_MESSAGE);
    }
  }

  /**
   * Reuses the booking's open attempt or creates one; when `capped` (a move with a driver and a
   * date, under the customer's leases), first checks the customer's open holds and holds the driver's time.
   */
  private async openOrReuse(
    kind: PaymentKind,
    record: BookingRecord,
    percentage: PaymentPercentage,
    amountPence: number,
    create: (
      charge: ChargeRequest,
    ) => Promise<{ ref: string; redirectUrl: string | null; clientSecret: string | null }>,
    who: CheckoutHolder,
    capped: boolean,
  ): Promise<Payment> {
    const now = this.clock.now();
    const { clientKey, holder } = who;
    const open = await this.payments.openAttempt(
      record._id,
      kind,
      percentage,
      amountPence,
      new Date(now.getTime() - REUSE_WINDOW_MS[kind]),
      clientKey,
    );
    // A reused session holds until its own end; anything new (or an intent, which has no end) from now.
    const holdUntil =
      open?.kind === 'checkout' && open.holdUntil
        ? new Date(open.holdUntil)
        : kind === 'checkout'
          ? checkoutExpiry(now)
          : new Date(now.getTime() + INTENT_HOLD_MS);
    // Before any session opens (a reused one too: its hold may have lapsed): the driver's time is
    // what two customers could otherwise both pay for.
    if (capped && record.driver?.id && record.quote.date) {
      await this.refuseBeyondOpenHolds(record._id, who, now);
      await this.holdDriver(record.driver.id, record, holdUntil, who, now);
    }
    await this.closeOtherAttempts(record._id, 'deposit', open?._id);
    if (open) {
      if (open.holdUntil !== holdUntil.toISOString()) await this.payments.extendHold(open._id, holdUntil);
      return open;
    }

    const attempt = (await this.payments.attemptsSoFar(record._id, kind, percentage)) + 1;
    const idempotencyKey = idempotencyKeyFor(kind, record._id, percentage, attempt);
    const created = await create({
      bookingId: record._id,
      randomNumber: record.randomNumber,
      percentage,
      amountPence,
      currency: 'gbp',
      description: `VanHop booking ${record.randomNumber}: ${percentage}% of ${formatPence(poundsToPence(record.quote.totalPrice))}`,
      ...(record.quote.email ? { customerEmail: record.quote.email } : {}),
      idempotencyKey,
    });
    return this.payments.insert({
      _id: created.ref,
      provider: this.provider.name,
      kind,
      bookingId: record._id,
      randomNumber: record.randomNumber,
      percentage,
      amountPence,
      currency: 'gbp',
      attempt,
      idempotencyKey,
      status: 'pending',
      redirectUrl: created.redirectUrl,
      clientSecret: created.clientSecret,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      ...(record.driver?.id && record.quote.date ? { holdUntil: holdUntil.toISOString() } : {}),
      ...(clientKey ? { clientKey } : {}),
      ...(holder ? { holder } : {}),
    });
  }

  /**
   * Holds the driver for this booking's checkout. When only the same customer's earlier checkouts
   * hold the time (they went back and chose again), and the caller proves every attempt of those
   * bookings that could still take money is theirs (its session id or client secret, which only the
   * browser that opened it holds), those checkouts are closed at the provider first, so they can
   * never take money for time they no longer hold; then the hold asks again superseding them. A
   * checkout the provider was already paid on (or cannot close) keeps the driver and this one is
   * refused as taken; so is anyone without the proof, such as someone behind the same address who
   * knows the customer's e-mail.
   */
  private async holdDriver(
    driverId: string,
    record: BookingRecord,
    holdUntil: Date,
    who: CheckoutHolder,
    now: Date,
  ): Promise<void> {
    const hold = (supersedes?: string[]) =>
      this.driverTime.hold(
        driverId,
        record._id,
        record.quote.date,
        record.quote.totalHour,
        holdUntil,
        who.holder,
        supersedes,
      );
    const first = await hold();
    if ('held' in first) return;
    const taken = new ConflictError(DRIVER_TAKEN_MESSAGE);
    const earlier = await this.payments.liveHoldAttempts(first.heldByCustomer, now);
    const theirs = (p: Payment) => p.holder === who.holder && provesAttempt(p, who.proofs);
    if (earlier.length === 0 || !earlier.every(theirs)) throw taken;
    for (const attempt of earlier) {
      if ((await this.provider.close(attempt.kind, attempt._id)) !== 'closed') throw taken;
      await this.payments.markFailedIfPending(attempt._id, 'Replaced by a newer checkout', now.toISOString());
    }
    const again = await hold(first.heldByCustomer);
    if (!('held' in again)) throw taken;
  }

  /**
   * One client holds at most openHoldsPerClient drivers with unpaid checkouts under any e-mails (a
   * client naming no e-mail: openHoldsPerCustomer), and one contact e-mail at most
   * openHoldsPerCustomer from any number of clients (this booking's own hold is not counted: paying
   * it again is no new hold). Checkouts another customer opened from the same address so count
   * against the address, not against this customer's own share. The answer says when the first of those counted lapses, and counts only
   * what refused it: a client at its own cap learns nothing of the address it named.
   *
   * When the address's share is what refuses, and some of it was opened from another client, its
   * owner is mailed a link that releases them: someone who knows a customer's e-mail cannot keep
   * them from booking. The asking client counts alone for the address (the address's share is not
   * applied to it) when it used such a link that still lives, or when the address was offered its
   * day's links already: whoever keeps opening checkouts in someone's name cannot shut them out
   * for the rest of the day by spending their mails.
   */
  private async refuseBeyondOpenHolds(bookingId: string, by: CheckoutHolder, now: Date): Promise<void> {
    const cap = this.openHoldsPerCustomer;
    if (by.clientKey) {
      const own = holdsByBooking(
        (await this.payments.liveHoldsOfClient(by.clientKey, now)).filter((p) => p.bookingId !== bookingId),
      );
      if (own.size >= (by.holder ? Math.max(cap, this.openHoldsPerClient) : cap)) throw this.tooMany(own, now);
    }
    if (!by.holder) return;
    const underAddress = (await this.payments.liveHoldsOf(by.holder, now)).filter((p) => p.bookingId !== bookingId);
    const addressHolds = holdsByBooking(underAddress);
    if (addressHolds.size < cap) return;
    // This client's own holds are below the cap, so some of the address's came from elsewhere.
    if (by.clientKey && (await this.releases.countsAlone(by.holder, by.clientKey))) return;
    if (by.email && openedElsewhere(underAddress, by.clientKey).length > 0) {
      await this.releases.offer(by.holder, by.email, addressHolds.size);
      throw this.tooMany(addressHolds, now, CHECKOUT_RELEASE_MSG.heldElsewhere);
    }
    throw this.tooMany(addressHolds, now);
  }

  /** The cap's refusal, saying when the first of the counted holds lapses. */
  private tooMany(
    holds: Map<string, string>,
    now: Date,
    message: (open: number, minutes: number) => string = tooManyOpenHoldsMessage,
  ): TooManyRequestsError {
    const firstLapse = Math.min(...[...holds.values()].map((until) => Date.parse(until)));
    const seconds = Math.max(1, Math.ceil((firstLapse - now.getTime()) / 1000));
    return new TooManyRequestsError(message(holds.size, Math.ceil(seconds / 60)), seconds);
  }
}

const recordPrice = (record: BookingRecord) => ({
  quote: record.quote,
  totalPricePence: poundsToPence(record.quote.totalPrice),
});
