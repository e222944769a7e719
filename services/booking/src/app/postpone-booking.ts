import { FROZEN_VALID_DAYS, postponeTerms, type MyMoveView } from '@vanhop/contracts';
import { ConflictError } from '@vanhop/platform';
import { materialised, ruleFacts } from '../domain/lifecycle.js';
import { dayOf } from '../domain/words.js';
import { WRITE_ATTEMPTS, type MyMoveRecords } from './my-move-records.js';
import { myMoveView } from './view-my-move.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Freezes a paid booking (24 hours' notice, docs/BOOKING-LIFECYCLE.md); it must get a new date within 12 months. */
export class PostponeBooking {
  constructor(private readonly records: MyMoveRecords) {}

  async execute(token: unknown): Promise<MyMoveView> {
    let record = await this.records.byToken(token);
    for (let attempt = 1; ; attempt++) {
      const now = this.records.clock.now();
      const terms = postponeTerms(ruleFacts(record), now);
      if (!terms.allowed) throw new ConflictError(terms.reason ?? 'This booking cannot be postponed.');
      const frozenAt = now.toISOString();
      const useBy = new Date(now.getTime() + FROZEN_VALID_DAYS * DAY_MS).toISOString();
      const postponed = await this.records.event(
        'booking.postponed',
        { ...this.records.factsOf(record), frozenAt, useBy },
        record,
      );
      const written = await this.records.write(record, {
        set: { ...materialised(record, 'frozen'), frozenAt },
        history: [{ at: frozenAt, kind: 'postponed', text: `Postponed: choose a new moving date by ${dayOf(useBy)}` }],
        events: [postponed],
      });
      const after = await this.records.reload(record._id);
      if (written && after) return myMoveView(after, now);
      if (!after || attempt >= WRITE_ATTEMPTS)
        throw new ConflictError('This booking changed meanwhile: please reload the page and try again.');
      record = after;
    }
  }
}
