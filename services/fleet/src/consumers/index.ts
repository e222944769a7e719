import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { BookedDriverTime } from '../app/booked-driver-time.js';
import type { DriverJobs } from '../app/driver-jobs.js';
import type { DriverAuditLog, DriverPortalAccounts, DriverRepository } from '../domain/ports.js';
import type { SuspendedDriverJobs } from '../app/suspended-driver-jobs.js';
import type { ConflictAlerts } from '../app/conflict-alerts.js';

/** After a move changed date or hours: the office is alerted if its driver's document now lapses first. */
const documentConflictsAfterMove = async (
  deps: { conflicts?: Pick<ConflictAlerts, 'check'> },
  driverId: string | undefined,
): Promise<void> => {
  if (driverId) await deps.conflicts?.check(driverId, ['document-expires']);
};

export const fleetSubscriptions = (deps: {
  time: BookedDriverTime;
  jobs: DriverJobs;
  audit: DriverAuditLog;
  drivers: Pick<DriverRepository, 'findById' | 'keepVanhopReviews'>;
  suspendedJobs: Pick<SuspendedDriverJobs, 'returnAll'>;
  accounts: Pick<DriverPortalAccounts, 'opened'>;
  /** A new date past a document's expiry: the driver keeps the job, so the office is alerted. */
  conflicts?: Pick<ConflictAlerts, 'check'>;
}): Subscription[] => [
  {
    topic: TOPICS.bookingConfirmed,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.bookingConfirmed, e);
      // The time first: a job is only offered for a booking that holds its driver; one that could
      // not (paid after its hold lapsed, the driver booked meanwhile) goes to the office.
      await deps.jobs.offer(data, await deps.time.confirmed(data));
    },
  },
  // The driver's jobs follow the booking: what the portal shows is what is true now.
  {
    topic: TOPICS.bookingCancelled,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.bookingCancelled, e);
      await deps.time.released(data.bookingId);
      await deps.jobs.bookingCancelled(data.bookingId, data.refundPence, data.cancelledBy);
    },
  },
  {
    topic: TOPICS.bookingPostponed,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.bookingPostponed, e);
      await deps.time.released(data.bookingId);
      await deps.jobs.bookingPostponed(data.bookingId);
    },
  },
  // Staff deleted an unpaid quotation: a checkout hold it still has gives the driver back now, not
  // when it lapses (only quotations are ever deleted, so there is no job to follow).
  {
    topic: TOPICS.bookingDeleted,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.bookingDeleted, e);
      await deps.time.released(data.bookingId);
    },
  },
  // A balance paid online is cash the driver no longer collects on the day.
  {
    topic: TOPICS.balancePaid,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.balancePaid, e);
      await deps.jobs.balancePaid(data.bookingId, data.amountPence, data.totalPricePence, data.balancePence);
    },
  },
  {
    topic: TOPICS.bookingReactivated,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.bookingReactivated, e);
      await deps.jobs.bookingMoved(data.bookingId, data.move, data, true, await deps.time.moved(data));
      await documentConflictsAfterMove(deps, data.driver?.id);
    },
  },
  {
    // The change and its event were one write; the audit line written after it is repeated here
    // (same id, so once) in case the process stopped between the two.
    topic: TOPICS.driverUpdated,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.driverUpdated, e);
      await deps.audit.append({
        id: `${data.driverId}:v${data.version}`,
        at: data.at,
        by: data.by,
        driverId: data.driverId,
        action: data.action,
        changes: Object.fromEntries(data.changes.map((c) => [c.field, { from: c.from, to: c.to }])),
        ...(data.reason ? { reason: data.reason } : {}),
      });
      // Likewise a suspension's jobs: given back by the staff request, again here (a no-op then) in
      // case it stopped half way; only while the driver is still suspended (not after a reactivation).
      if (data.action === 'suspended' && (await deps.drivers.findById(data.driverId))?.active === false)
        await deps.suspendedJobs.returnAll(data.driverId);
    },
  },
  // A driver who set their portal password can answer offers online: the hand-on may pick them.
  {
    topic: TOPICS.driverAccountOpened,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.driverAccountOpened, e);
      await deps.accounts.opened(data.driverId, data.at);
    },
  },
  // VanHop's own reviews of a driver changed: the rating offers show, rank and filter by follows
  // (a late, older figure is not kept over a newer one).
  {
    topic: TOPICS.driverRatingChanged,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.driverRatingChanged, e);
      await deps.drivers.keepVanhopReviews(data.driverId, { count: data.count, sum: data.sum, version: data.version });
    },
  },
  {
    topic: TOPICS.bookingAmended,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.bookingAmended, e);
      const holdsTime = await deps.time.moved(data);
      await deps.jobs.bookingMoved(
        data.bookingId,
        data.move,
        data,
        data.changed.includes('date') || data.changed.includes('hours'),
        holdsTime,
      );
      await documentConflictsAfterMove(deps, data.driver?.id);
    },
  },
];
