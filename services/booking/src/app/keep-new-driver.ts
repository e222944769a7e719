import type { MyMoveView } from '@vanhop/contracts';
import { ConflictError, LOST_RACE, retryOnConflict } from '@vanhop/platform';
import { CHANGED_MEANWHILE, WRITE_ATTEMPTS, type BookingLifecycleWriter } from './booking-lifecycle-writer.js';
import { myMoveView } from './view-my-move.js';

export const NO_DRIVER_CHANGE = 'There is no change of driver to answer on this booking.';

/**
 * The customer, on My move, keeps the new driver after a change: the choice is recorded (with a
 * history line) and no longer shown. Cancelling stays free until the window ends: keeping the driver
 * gives nothing up.
 */
export class KeepNewDriver {
  constructor(private readonly lifecycle: BookingLifecycleWriter) {}

  async execute(token: unknown): Promise<MyMoveView> {
    const first = await this.lifecycle.byToken(token);
    return retryOnConflict(
      () => this.lifecycle.current(first._id),
      async (record) => {
        const now = this.lifecycle.now();
        const change = myMoveView(record, now).driverChange;
        if (!change) throw new ConflictError(NO_DRIVER_CHANGE);
        const at = now.toISOString();
        const written = await this.lifecycle.write(record, {
          set: { driverChange: { ...change, kept: true } },
          history: [{ at, kind: 'driver', text: `You chose to keep ${change.driverName} as your driver` }],
          events: [],
        });
        if (!written) return LOST_RACE;
        const after = await this.lifecycle.reload(record._id);
        if (!after) throw new ConflictError(CHANGED_MEANWHILE);
        return myMoveView(after, now);
      },
      { attempts: WRITE_ATTEMPTS, first, exhausted: () => new ConflictError(CHANGED_MEANWHILE) },
    );
  }
}
