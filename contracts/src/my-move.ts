/**
 * Life after booking (the "My move" page): the booking's lifecycle, the money it has seen, the
 * terms for cancelling (docs/BOOKING-LIFECYCLE.md) and postponing, and the wire shapes of /api/mymove. The rules are pure
 * functions of the record and a clock so the page can say what will happen before the customer
 * confirms, and the booking service enforces exactly the same thing. The request schemas (yup) are
 * in schemas/my-move.ts, so the web app's first download can use these rules without yup.
 */
import { BOOKING_HOURS, type PaymentStatus } from './constants.js';
import type { AmendablePart, JobReturnReason } from './events.js';
import type { ItemLine } from './items.js';
import { formatPence } from './money.js';
import { LONDON_MOVE_DATE_TIME } from './booking-time.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** docs/BOOKING-LIFECYCLE.md: cooling-off is 1 hour after booking (placing = the first successful payment). */
export const COOLING_OFF_MS = HOUR_MS;
/** docs/BOOKING-LIFECYCLE.md: cancellation within 24 hours of the move gives no refund; 24 hours' notice to postpone. */
export const MOVE_NOTICE_MS = 24 * HOUR_MS;
/**
 * After the booking's driver changes (a decline, a lapse, a suspension, staff), the customer may
 * cancel with everything refunded, whatever the cooling-off clock says, for this long after the
 * change, and never after the move starts.
 */
export const DRIVER_CHANGE_CHOICE_MS = 24 * HOUR_MS;

/** The end of the customer's free choice after a change of driver: 24 h after it, or the move's start if sooner. */
export function driverChangeChoiceUntil(changedAt: string, moveDate: string): string {
  const end = Date.parse(changedAt) + DRIVER_CHANGE_CHOICE_MS;
  const start = Date.parse(moveDate);
  return new Date(Number.isFinite(start) ? Math.min(end, start) : end).toISOString();
}
/** docs/BOOKING-LIFECYCLE.md: a frozen booking must be used within 12 months. */
export const FROZEN_VALID_DAYS = 365;
/** A My move link outlives the move by this much (receipts, a frozen booking's reactivation). */
export const MY_MOVE_LINK_GRACE_DAYS = FROZEN_VALID_DAYS + 30;

/** Where the booking is in its life, beside the wire contract's paymentStatus (which says what was paid). */
export const BOOKING_STATES = ['active', 'frozen', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** One line of a booking's status history. */
export interface BookingHistoryEntry {
  at: string;
  kind:
    | 'saved'
    | 'paid'
    | 'balance-paid'
    | 'cancelled'
    | 'refunded'
    | 'postponed'
    | 'reactivated'
    | 'repriced'
    | 'amended'
    | 'driver';
  /** Shown to the customer as it is. */
  text: string;
  amountPence?: number;
}

/** A payment or refund the customer can print a receipt for. */
export interface Receipt {
  id: string;
  kind: 'payment' | 'refund';
  at: string;
  amountPence: number;
  /** What it was for, e.g. "30 % deposit" or "Balance" or "Cancellation in the cooling-off period". */
  description: string;
  provider: 'stripe' | 'local';
  providerRef: string;
}

/** The lifecycle facts a stored booking record carries (all optional on records saved before them). */
export interface BookingLifecycle {
  state?: BookingState;
  /** ISO: the first successful payment, when the booking was placed (cooling-off starts). */
  paidAt?: string;
  amountPaidPence?: number;
  amountRefundedPence?: number;
  cancelledAt?: string | null;
  frozenAt?: string | null;
  history?: BookingHistoryEntry[];
  receipts?: Receipt[];
  /**
   * The named driver declined the job, did not answer in time or was suspended: the booking needs a driver until
   * staff reassign it (their time stays taken meanwhile). Null or absent: the driver named is the driver.
   */
  needsDriver?: NeedsDriver | null;
  /** When the driver named now accepted the job in their portal (null or absent: not yet). */
  driverAcceptedAt?: string | null;
  /**
   * A change took the move outside the hours its driver works: they are asked to confirm the new
   * time (`since`: when they were asked; `respondBy`: their deadline). Null or absent: nothing to confirm.
   */
  driverToConfirm?: DriverToConfirm | null;
  /** When the job last went to another driver (the customer's free choice runs from then). */
  driverChangedAt?: string | null;
  /** The last change of driver as the customer is shown it (My move's choice), and whether they chose to keep them. */
  driverChange?: DriverChange | null;
}

/** A change of driver as My move shows it: who, their price and charges on the day, until when the customer may leave for free. */
export interface DriverChange {
  at: string;
  driverName: string;
  /** The new driver's own price for the move (pence). */
  driverPricePence: number;
  /** Their known charges on the day (ULEZ, congestion): paid to them on the day, never in the price. */
  chargesOnTheDay: { label: string; amountPence: number }[];
  /** The end of the free choice: 24 h after the change or the move's start, whichever first. */
  until: string;
  /** The customer chose to keep this driver (the choice is not shown again). */
  kept: boolean;
}

export interface DriverToConfirm {
  since: string;
  respondBy: string;
}

export interface NeedsDriver {
  because: JobReturnReason;
  /** The driver who gave the job back (still named on the booking until the reassignment). */
  driverId: string;
  since: string;
}

/** The My move history lines of a change of driver. */
export const DRIVER_CHANGE_TEXT = {
  lost: 'Your driver can no longer do this move: the office is finding you another driver and will e-mail you',
  newDriver: (name: string) => `Your new driver is ${name}`,
  accepted: (name: string) => `${name} accepted your move`,
  /** The new time is outside the hours the driver works: they are asked again. */
  toConfirm: (name: string) => `Your new time is waiting for ${name} to confirm`,
} as const;

/** What the customer reads while no driver could be found at once: they may wait, or choose below. */
export const NEEDS_DRIVER_STANDING =
  'The office is finding you another driver and will e-mail you. If you would rather not wait, you can cancel for a full refund or postpone the move to another date.';

/**
 * Where the booked driver stands, in a sentence the customer reads beside the status (My move, the
 * success page): waiting for them to accept, accepted, or the office finding another. Null when the
 * booking is not a live paid booking or names no driver.
 */
export function driverStandingText(f: {
  state: BookingState;
  paid: boolean;
  driverName: string | null;
  acceptedAt?: string | null;
  needsDriver: boolean;
  doneAt?: string | null;
  /** The driver is asked to confirm a new time (their acceptance was of the old one). */
  toConfirm?: boolean;
  /** The driver marked "on my way" / "arrived" on the day: the headline follows the day. */
  onTheWayAt?: string | null;
  arrivedAt?: string | null;
}): string | null {
  if (f.state !== 'active' || !f.paid) return null;
  if (f.needsDriver) return NEEDS_DRIVER_STANDING;
  if (!f.driverName) return null;
  if (f.doneAt) return `${f.driverName} has done your move. We will ask you how it went.`;
  if (f.arrivedAt) return `${f.driverName} has arrived.`;
  if (f.onTheWayAt) return `${f.driverName} is on the way to you.`;
  if (f.acceptedAt) return `${f.driverName} has accepted your move.`;
  if (f.toConfirm)
    return `Your new time is waiting for ${f.driverName} to confirm. We will text and e-mail you when they do.`;
  return `Booked: waiting for ${f.driverName} to accept. We will text and e-mail you when they do.`;
}

/** What the rules read of a record. */
export interface LifecycleFacts {
  state: BookingState;
  paymentStatus: PaymentStatus;
  /** ISO move date and time. */
  moveDate: string;
  paidAt?: string | null;
  frozenAt?: string | null;
  amountPaidPence: number;
  amountRefundedPence: number;
  totalPricePence: number;
  /**
   * The driver gave the job back and no other could be offered it at once: the move we sold is not
   * covered, so the customer may leave with everything refunded or postpone without notice.
   */
  needsDriver?: boolean;
  /** The driver marked the move done on the day: there is nothing left to cancel or move. */
  moveDone?: boolean;
  /** Cash or card the customer handed the driver on the day (recorded at "done"): it settles the balance. */
  collectedOnDayPence?: number;
  /** When the job last went to another driver: cancelling is free for a while after (DRIVER_CHANGE_CHOICE_MS). */
  driverChangedAt?: string | null;
}

/** Why a move the driver has done can be neither cancelled nor postponed. */
export const MOVE_DONE_REASON = 'Your move is done: it can no longer be cancelled or postponed.';

export interface CancelTerms {
  allowed: boolean;
  /** Why not, when not allowed. */
  reason?: string;
  refundPence: number;
  /** The terms in words, shown before the customer confirms. */
  terms: string;
  /** Free because the driver changed a short while ago (DRIVER_CHANGE_CHOICE_MS). */
  afterDriverChange?: boolean;
}

export function cancelTerms(f: LifecycleFacts, now: Date): CancelTerms {
  if (f.state === 'cancelled')
    return { allowed: false, reason: 'This booking is already cancelled.', refundPence: 0, terms: '' };
  if (f.moveDone) return { allowed: false, reason: MOVE_DONE_REASON, refundPence: 0, terms: '' };
  if (f.paymentStatus === 'unpaid' || !f.paidAt)
    return {
      allowed: false,
      reason: 'Nothing is booked yet: an unpaid quote needs no cancelling.',
      refundPence: 0,
      terms: '',
    };
  const refundable = Math.max(0, f.amountPaidPence - f.amountRefundedPence);
  if (f.needsDriver && f.state === 'active') {
    return {
      allowed: true,
      refundPence: refundable,
      terms: `We have not found a driver for your move yet, so cancelling now is free: everything you paid (${formatPence(refundable)}) is refunded to your card.`,
    };
  }
  if (f.driverChangedAt && f.state === 'active') {
    const until = driverChangeChoiceUntil(f.driverChangedAt, f.moveDate);
    if (now.getTime() < Date.parse(until))
      return {
        allowed: true,
        refundPence: refundable,
        afterDriverChange: true,
        terms: `Your driver has changed, so until ${LONDON_MOVE_DATE_TIME.format(new Date(until))} cancelling is free: everything you paid (${formatPence(refundable)}) is refunded to your card.`,
      };
  }
  const coolingOffEnds = Date.parse(f.paidAt) + COOLING_OFF_MS;
  if (now.getTime() < coolingOffEnds) {
    return {
      allowed: true,
      refundPence: refundable,
      terms: `You are within the 1-hour cooling-off period: cancelling is free and everything you paid (${formatPence(refundable)}) is refunded to your card.`,
    };
  }
  const withinDay = Date.parse(f.moveDate) - now.getTime() < MOVE_NOTICE_MS;
  return {
    allowed: true,
    refundPence: 0,
    terms: withinDay
      ? 'Your move is less than 24 hours away: under our terms a cancellation now gives no refund of anything paid.'
      : 'The 1-hour cooling-off period has ended: under our cancellation policy no money paid is refunded. You can postpone the move instead (24 hours’ notice) and use the booking within 12 months.',
  };
}

export interface PostponeTerms {
  allowed: boolean;
  reason?: string;
}

export function postponeTerms(f: LifecycleFacts, now: Date): PostponeTerms {
  if (f.state !== 'active')
    return {
      allowed: false,
      reason: f.state === 'frozen' ? 'This booking is already postponed.' : 'This booking is cancelled.',
    };
  if (f.paymentStatus === 'unpaid') return { allowed: false, reason: 'Only a paid booking can be postponed.' };
  if (f.moveDone) return { allowed: false, reason: MOVE_DONE_REASON };
  // Without a driver the 24 hours' notice protects nobody's time: the customer may move the date at once.
  if (Date.parse(f.moveDate) - now.getTime() < MOVE_NOTICE_MS && !f.needsDriver)
    return { allowed: false, reason: 'A move can be postponed only with at least 24 hours’ notice.' };
  return { allowed: true };
}

export interface ReactivateTerms {
  allowed: boolean;
  reason?: string;
  /** ISO: the last moment the new move may start (12 months after postponing). */
  latest?: string;
}

export function reactivateTerms(f: LifecycleFacts, now: Date): ReactivateTerms {
  if (f.state !== 'frozen' || !f.frozenAt)
    return { allowed: false, reason: 'Only a postponed booking can be given a new date.' };
  const latest = new Date(Date.parse(f.frozenAt) + FROZEN_VALID_DAYS * DAY_MS);
  if (now > latest)
    return { allowed: false, reason: 'This postponed booking was not used within 12 months and has lapsed.' };
  return { allowed: true, latest: latest.toISOString() };
}

export interface AmendTerms {
  allowed: boolean;
  reason?: string;
}

/**
 * Staff amend a booked move (date, hours, stops) until the booking lead time before it: a move that
 * close is agreed with the driver on the day, and pricing it again then would add the short-notice
 * surcharge to a move booked long before.
 */
export function amendTerms(f: Pick<LifecycleFacts, 'state' | 'paymentStatus' | 'moveDate'>, now: Date): AmendTerms {
  if (f.state === 'cancelled') return { allowed: false, reason: 'This booking is cancelled: it cannot be amended.' };
  if (f.state === 'frozen')
    return { allowed: false, reason: 'This booking is postponed: the customer gives it a new date on My move first.' };
  if (f.paymentStatus === 'unpaid')
    return { allowed: false, reason: 'Only a paid booking can be amended: this quote is not booked yet.' };
  const untilMove = Date.parse(f.moveDate) - now.getTime();
  if (!(untilMove > 0))
    return { allowed: false, reason: 'This move has already started or taken place: it can no longer be amended.' };
  if (untilMove < BOOKING_HOURS.leadHours * HOUR_MS) {
    return {
      allowed: false,
      reason: `This move starts in less than ${BOOKING_HOURS.leadHours} hours: changes are agreed with the driver on the day.`,
    };
  }
  return { allowed: true };
}

/**
 * Money still owed for the move: what the driver is paid on the day unless paid online first. What
 * the driver recorded as collected on the day counts as paid, so it is never asked for again online.
 */
export const balanceOf = (
  f: Pick<LifecycleFacts, 'totalPricePence' | 'amountPaidPence' | 'amountRefundedPence' | 'collectedOnDayPence'>,
): number =>
  Math.max(0, f.totalPricePence - (f.amountPaidPence - f.amountRefundedPence) - (f.collectedOnDayPence ?? 0));

/** Why an online balance payment is refused once the driver collected it on the day (409). */
export const BALANCE_SETTLED_ON_DAY = (paidOnDay: string): string =>
  `${paidOnDay}. Nothing is left to pay online for this booking.`;

/**
 * Status words a customer reads (the wire contract's stored values stay as they are on the wire). With the
 * balance given, a booking paid in full whose new date cost more says that money is owed again.
 */
export function customerStatusText(
  f: Pick<LifecycleFacts, 'state' | 'paymentStatus'> & { balancePence?: number },
): string {
  if (f.state === 'cancelled') return 'Cancelled';
  if (f.state === 'frozen') return 'Postponed';
  if (f.paymentStatus === 'paid' && (f.balancePence ?? 0) > 0) return 'Paid, balance due after a price change';
  return PAYMENT_STATUS_TEXT[f.paymentStatus];
}

/**
 * Where a booking that is no longer going ahead stands, in a sentence (null while it is active): what
 * My move and the success page say beside the status, so a cancelled booking never reads as paid.
 */
export function standingText(f: {
  state: BookingState;
  refundedPence: number;
  refundPendingPence: number;
}): string | null {
  if (f.state === 'frozen')
    return 'This booking is postponed: it has no moving date yet. Choose a new date on your My move page.';
  if (f.state !== 'cancelled') return null;
  if (f.refundPendingPence > 0)
    return `This booking is cancelled. A refund of ${formatPence(f.refundPendingPence)} is on its way to your card.`;
  if (f.refundedPence > 0)
    return `This booking is cancelled and refunded: ${formatPence(f.refundedPence)} has been refunded to your card.`;
  return 'This booking is cancelled. Under our terms nothing paid is refunded.';
}

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  unpaid: 'Not paid yet',
  '30percentage': '30 % deposit paid',
  '50percentage': '50 % deposit paid',
  paid: 'Paid in full',
};

/** GET /api/mymove/:token answer. */
export interface MyMoveView {
  bookingId: string;
  randomNumber: number;
  state: BookingState;
  paymentStatus: PaymentStatus;
  statusText: string;
  move: {
    date: string;
    addresses: { location: string; physicalAddress: string; stair: number }[];
    typeofVan: string;
    typeOfWorker: string;
    totalHour: number;
    description: string;
    /** What is moving, when the customer listed it. */
    items?: ItemLine[];
  };
  customer: { name: string; email: string; phone: string };
  /** The id lets the customer message the driver through VanHop; contact details never reach the page... */
  driver: { id: string; name: string } | null;
  /** ...but the driver's phone, once they are on the way (until the move is done), so the customer can call them. */
  driverPhone?: string | null;
  /** A recent change of driver the customer may still answer (keep them, or cancel with everything refunded). */
  driverChange?: DriverChange | null;
  /** `driverStandingText`: waiting for the driver to accept, accepted, or another driver being found. */
  driverStandingText?: string | null;
  /** Who signed for the move when the driver marked it done, and when. */
  signedFor?: { name: string; at: string } | null;
  /** What the driver recorded as paid to them on the day, with its words ("Paid to the driver on the day: cash £103.00"). */
  paidOnDay?: { method: 'cash' | 'card' | 'none'; amountPence: number; at: string; text: string } | null;
  /**
   * refundedPence: given back so far; refundPendingPence: asked of the card provider and not yet
   * confirmed (a cancellation refund for the few seconds before it is issued).
   */
  money: {
    totalPence: number;
    paidPence: number;
    refundedPence: number;
    refundPendingPence: number;
    balancePence: number;
  };
  history: BookingHistoryEntry[];
  receipts: Receipt[];
  actions: {
    payBalance: boolean;
    cancel: CancelTerms;
    postpone: PostponeTerms;
    reactivate: ReactivateTerms;
  };
}

export const REFUND_TERMS_CHANGED =
  'The refund terms have changed since you confirmed: please read them again before cancelling.';

/** What one staff amendment did, beside the updated record in the answer of POST /api/backdata/amend/:id. */
export interface BookingAmendment {
  changed: AmendablePart[];
  previousTotalPence: number;
  totalPence: number;
  /** Left to pay after the amendment (online on My move or to the driver on the day). */
  balancePence: number;
  /** Asked back from the card provider by this amendment (0 when the price went up). */
  refundPence: number;
  amendedBy: string;
  /** The new time is outside the driver's working hours: they are asked to confirm it (the customer is told). */
  driverToConfirm?: boolean;
}

/** Answer of POST /api/mymove/:token/pay-balance: where the card is taken. */
export interface PayBalanceResponse {
  url: string;
  sessionId: string;
}

/** GET /api/mymove/:token/receipts/:receiptId answer: one receipt with what the printed page needs around it. */
export interface MyMoveReceipt {
  receipt: Receipt;
  bookingId: string;
  randomNumber: number;
  customer: { name: string; email: string };
  move: MyMoveView['move'];
  /** The booking's total at the time of asking (a receipt states its own amount). */
  totalPence: number;
}

/**
 * POST /api/paymentbooking/success answer (the reference client reads none of it; ours): the payment is
 * confirmed, what it was for, and where the customer's My move page is.
 */
export interface PaymentSuccessResponse {
  success: true;
  bookingId: string;
  randomNumber: number;
  percentage: number;
  paymentStatus: PaymentStatus;
  statusText: string;
  kind: 'deposit' | 'balance';
  /**
   * Site-relative path of the signed My move link. The checkout success page gets it only within an
   * hour of the payment (its session id stays in the browser's history); after that it is absent and
   * the confirmation e-mail is where the link is.
   */
  myMovePath?: string;
  move: MyMoveView['move'];
  /** Paid so far, this payment included (net of refunds). */
  paidPence: number;
  balancePence: number;
  /** Where the booking stands now (a page opened again after a cancellation says so). */
  state?: BookingState;
  /** `standingText` of the booking: null while it is active. */
  standingText?: string | null;
  /** The move's total price. */
  totalPence?: number;
  /** The driver's name (never their contact details). */
  driverName?: string | null;
  /** `driverStandingText` of the booking: "Booked: waiting for Hannah Lee to accept...". */
  driverStandingText?: string | null;
}

/**
 * POST /api/savebooking/updatepaymentstatus answer to a caller that did not prove it is the payer
 * (no client secret): the wire contract's `{success: true}`, nothing about the booking.
 */
export interface PaymentSuccessAck {
  success: true;
}

/** Path of the My move page for a link token (the web app's route). */
export const myMovePath = (token: string): string => `/mymove/${token}`;

/**
 * GET /internal/bookings/:id/summary (booking → payment, never proxied): what payment needs to
 * charge a balance and to answer the success page.
 */
export interface BookingSummary {
  bookingId: string;
  randomNumber: number;
  state: BookingState;
  paymentStatus: PaymentStatus;
  statusText: string;
  totalPricePence: number;
  /** Net of refunds. */
  paidPence: number;
  balancePence: number;
  myMovePath: string;
  move: MyMoveView['move'];
  customerEmail: string;
  /** Provider references of the payments the booking has applied so far. */
  paymentRefs: string[];
  /** `standingText` of the booking: null while it is active. */
  standingText?: string | null;
  driverName?: string | null;
  driverStandingText?: string | null;
}

/** POST /api/mymove/:token/reactivate/price: what the new date would cost, before the customer confirms it. */
export interface NewDatePrice {
  date: string;
  totalPence: number;
  previousTotalPence: number;
  /** Left to pay after the change (paid online on My move or to the driver). */
  balancePence: number;
  /** Refunded to the card by the change. */
  refundPence: number;
  /** The short-notice fee within totalPence, when the new time starts within the driver's notice. */
  shortNoticePence?: number;
}
