import { FROZEN_VALID_DAYS, postponeTerms, type MyMoveView } from '@vanhop/contracts';
import { ConflictError, LOST_RACE, retryOnConflict } from '@vanhop/platform';
import { materialised, ruleFacts } from '../domain/lifecycle.js';
import { dayOf } from '../domain/words.js';
import { CHANGED_MEANWHILE, WRITE_ATTEMPTS, type BookingLifecycleWriter } from './booking-lifecycle-writer.js';
import { myMoveView } from './view-my-move.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Freezes a paid booking (24 hours' notice, docs/BOOKING-LIFECYCLE.md); it must get a new date within 12 months. */
export class PostponeBooking {
  constructor(private readonly lifecycle: BookingLifecycleWriter) {}

  async execute(token: unknown): Promise<MyMoveView> {
    const first = await this.lifecycle.byToken(token);
    const changedMeanwhile = () => new ConflictError(CHANGED_MEANWHILE);
    return retryOnConflict(
      () => this.lifecycle.current(first._id),
      async (record) => {
        const now = this.lifecycle.now();
        const terms = postponeTerms(ruleFacts(record), now);
        if (!terms.allowed) throw new ConflictError(terms.reason ?? 'This booking cannot be postponed.');
        const frozenAt = now.toISOString();
        const useBy = new Date(now.getTime() + FROZEN_VALID_DAYS * DAY_MS).toISOString();
        const postponed = await this.lifecycle.event(
          'booking.postponed',
          { ...this.lifecycle.factsOf(record), frozenAt, useBy },
          record,
        );
        const written = await this.lifecycle.write(record, {
          set: { ...materialised(record, 'frozen'), frozenAt },
          history: [
            { at: frozenAt, kind: 'postponed', text: `Postponed: choose a new moving date by ${dayOf(useBy)}` },
          ],
          events: [postponed],
        });
        if (!written) return LOST_RACE;
        const after = await this.lifecycle.reload(record._id);
        if (!after) throw changedMeanwhile();
        return myMoveView(after, now);
      },
      { attempts: WRITE_ATTEMPTS, first, exhausted: changedMeanwhile },
    );
  }
}
