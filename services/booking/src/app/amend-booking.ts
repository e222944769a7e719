import {
  amendTerms,
  bookingCompleteSchema,
  bookingTimeProblem,
  type AmendablePart,
  type AmendBookingRequest,
  type BookingAmendment,
  type MyMoveView,
  formatPence,
} from '@vanhop/contracts';
import { ConflictError, NotFoundError, validate, ValidationError } from '@vanhop/platform';
import { materialised, moveOf, ruleFacts } from '../domain/lifecycle.js';
import { hoursWords, moveWhen, routeWords } from '../domain/words.js';
import { toAdminView, type AdminBookingView } from './list-bookings.js';
import type { BookingLifecycleWriter } from './booking-lifecycle-writer.js';
import { pricingRequestOf, repriceAndSettle, settlementWords } from './reprice-booking.js';
import type { QuotePricer } from '../domain/ports.js';

export const NOTHING_CHANGES =
  'The booking already has this date, these hours and these stops: there is nothing to amend.';

type Move = MyMoveView['move'];
type Address = Move['addresses'][number];

const sameStops = (a: Address[], b: Address[]) =>
  a.length === b.length &&
  a.every(
    (x, i) => x.location === b[i]!.location && x.physicalAddress === b[i]!.physicalAddress && x.stair === b[i]!.stair,
  );

/** Addresses as the move reads them, so a list sent back unchanged compares equal to the stored one. */
const asMoveStops = (list: { location: string; physicalAddress?: string; stair?: number }[]): Address[] =>
  list.map((a) => ({ location: a.location, physicalAddress: a.physicalAddress ?? '', stair: a.stair ?? 0 }));

function changeWords(part: AmendablePart, before: Move, after: Move): string {
  if (part === 'date') return `date ${moveWhen(before.date)} → ${moveWhen(after.date)}`;
  if (part === 'hours') return `hours ${hoursWords(before.totalHour)} → ${hoursWords(after.totalHour)}`;
  return `stops ${routeWords(before.addresses)} → ${routeWords(after.addresses)}`;
}

/**
 * Staff apply an amendment agreed with the customer in Instant Support to a paid, active booking
 * whose move is still ahead: a new date, hours or stops. The move is re-priced with the same driver
 * exactly as a postponed booking's new date is (repriceAndSettle): a dearer move adds to the balance
 * the customer pays on My move or to the driver, a cheaper one is refunded through the payment
 * service. BookingAmended tells the customer and the driver.
 */
export class AmendBooking {
  constructor(
    private readonly lifecycle: BookingLifecycleWriter,
    private readonly pricer: QuotePricer,
  ) {}

  async execute(
    id: string,
    wanted: AmendBookingRequest,
    amendedBy: string,
  ): Promise<AdminBookingView & { amendment: BookingAmendment }> {
    const record = await this.lifecycle.reload(id);
    if (!record) throw new NotFoundError('No booking record with that id');
    const now = this.lifecycle.now();
    const terms = amendTerms(ruleFacts(record), now);
    if (!terms.allowed) throw new ConflictError(terms.reason ?? 'This booking cannot be amended.');
    if (wanted.date !== undefined) {
      const problem = bookingTimeProblem(new Date(wanted.date), now);
      if (problem) throw new ValidationError(problem, { date: problem });
    }

    const { request } = pricingRequestOf(record);
    const before = moveOf(record);
    const changes: Record<string, unknown> = {};
    const changed: AmendablePart[] = [];
    if (wanted.date !== undefined && Date.parse(wanted.date) !== Date.parse(before.date)) {
      changes.date = new Date(wanted.date).toISOString();
      changed.push('date');
    }
    if (wanted.hour !== undefined && wanted.hour !== before.totalHour) {
      changes.hour = wanted.hour;
      changed.push('hours');
    }
    if (wanted.addresses !== undefined && !sameStops(asMoveStops(wanted.addresses), before.addresses)) {
      changes.addresses = wanted.addresses;
      changed.push('stops');
    }
    // A replayed amendment (a double click, a resent request) finds its change already made.
    if (changed.length === 0) throw new ConflictError(NOTHING_CHANGES);
    // The booking form's own rules on the whole amended move (pickup and delivery building address
    // and stairs), with its messages, before anything is priced.
    await validate(bookingCompleteSchema, { ...request, ...changes }, 'Amended booking');

    const at = now.toISOString();
    const { record: after, settlement } = await repriceAndSettle(this.lifecycle, this.pricer, record, {
      changes,
      set: materialised(record, 'active'),
      rules: amendTerms,
      // Agreed with the customer: a time the driver does not work is asked of them (they confirm or it
      // goes to another driver), never booked over their other jobs.
      outsideDriverHours: true,
      history: (s) => {
        const what = changed.map((part) => changeWords(part, before, moveOf(s.updated))).join('; ');
        const price =
          s.totalPence === s.previousTotalPence
            ? `price unchanged at ${formatPence(s.totalPence)}`
            : `price ${formatPence(s.previousTotalPence)} → ${formatPence(s.totalPence)}`;
        // The customer reads this line: who in the office did it stays in the event and the admin answer.
        return [
          {
            at,
            kind: 'amended',
            text: `Amended by VanHop: ${what}; ${price}${settlementWords(s)}`,
            amountPence: s.totalPence,
          },
        ];
      },
      event: (s) =>
        this.lifecycle.event(
          'booking.amended',
          {
            ...this.lifecycle.factsOf(s.updated),
            previousMove: before,
            changed,
            totalPricePence: s.totalPence,
            previousTotalPricePence: s.previousTotalPence,
            balancePence: s.balancePence,
            refundPence: s.refundPence,
            amendedBy,
          },
          record,
        ),
    });
    return {
      ...toAdminView(after),
      amendment: {
        changed,
        previousTotalPence: settlement.previousTotalPence,
        totalPence: settlement.totalPence,
        balancePence: settlement.balancePence,
        refundPence: settlement.refundPence,
        amendedBy,
        driverToConfirm: settlement.outsideDriverHours === true,
      },
    };
  }
}
