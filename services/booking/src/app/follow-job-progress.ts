import {
  JOB_PROGRESS_LINE,
  dayExtrasText,
  formatPence,
  paidOnDayText,
  penceToPounds,
  type BookingHistoryEntry,
  type JobProgressed,
} from '@vanhop/contracts';
import type { Logger } from '@vanhop/platform';
import type { DayRecord } from '../domain/booking-record.js';
import type { BookingRepository } from '../domain/ports.js';
import { balanceOfRecord } from './view-my-move.js';

/**
 * The booking follows its driver's day: each step is a line on My move ("Your driver is on the
 * way", ...), written once per step (a redelivery matches nothing); "done" also marks the booking
 * done (`jobDoneAt`), which files it under the staff's Past jobs even on the day of the move. What
 * the driver recorded as collected on the day is written with "done": cash or card count as paid,
 * so the balance reads settled and is never asked for again online.
 */
export class FollowJobProgress {
  constructor(private readonly deps: { bookings: BookingRepository; logger: Logger }) {}

  async progressed(j: JobProgressed): Promise<void> {
    const line = { at: j.at, kind: 'driver' as const, text: JOB_PROGRESS_LINE[j.step](j.driver.name) };
    const day = j.step === 'done' && j.collected ? await this.dayOf(j) : undefined;
    const written = await this.deps.bookings.markJobProgress(
      j.bookingId,
      j.driver.id,
      j.step,
      j.at,
      line,
      j.signedFor,
      day,
    );
    if (written)
      this.deps.logger.info(
        { bookingId: j.bookingId, driverId: j.driver.id, step: j.step, collected: j.collected },
        'driver progress on the day recorded',
      );
  }

  private async dayOf(j: JobProgressed) {
    const collected = j.collected!;
    const settlement: DayRecord = {
      method: collected.method,
      amountPence: collected.amountPence,
      at: j.at,
      ...(j.times?.startedAt ? { startedAt: j.times.startedAt } : {}),
      ...(j.times?.finishedAt ? { finishedAt: j.times.finishedAt } : {}),
      ...(j.extras && j.extras.amountPence > 0
        ? { extrasPence: j.extras.amountPence, extrasReason: j.extras.reason }
        : {}),
    };
    const record = await this.deps.bookings.byId(j.bookingId);
    const left = record ? balanceOfRecord({ ...record, daySettlement: settlement }) : 0;
    const text =
      collected.method === 'none' || collected.amountPence === 0
        ? `${paidOnDayText(collected)}: ${formatPence(left)} is still to pay`
        : paidOnDayText(collected);
    const lines: BookingHistoryEntry[] = [];
    if (settlement.extrasPence)
      lines.push({
        at: j.at,
        kind: 'repriced',
        text: dayExtrasText({ amountPence: settlement.extrasPence, reason: settlement.extrasReason ?? '' }),
        amountPence: settlement.extrasPence,
      });
    // "Nothing" with nothing owed says nothing: the move was paid in full online.
    if (collected.amountPence > 0 || left > 0)
      lines.push({ at: j.at, kind: 'balance-paid', text, amountPence: collected.amountPence });
    return { settlement, outstandingBalance: penceToPounds(left), lines };
  }
}
