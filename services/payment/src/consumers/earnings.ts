import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { EarningsLedger } from '../app/earnings-ledger.js';

/** The events that move a driver's earnings, each validated at the boundary and applied to the ledger. */
export const earningsSubscriptions = (ledger: EarningsLedger): Subscription[] => [
  {
    topic: TOPICS.bookingConfirmed,
    handler: async (e) => {
      const { data, occurredAt } = await readEvent(TOPICS.bookingConfirmed, e);
      await ledger.confirmed(data, occurredAt);
    },
  },
  {
    topic: TOPICS.balancePaid,
    handler: async (e) => ledger.balancePaid((await readEvent(TOPICS.balancePaid, e)).data),
  },
  {
    topic: TOPICS.refundIssued,
    handler: async (e) => ledger.refundIssued((await readEvent(TOPICS.refundIssued, e)).data),
  },
  {
    topic: TOPICS.bookingCancelled,
    handler: async (e) => ledger.cancelled((await readEvent(TOPICS.bookingCancelled, e)).data),
  },
  {
    topic: TOPICS.jobReassigned,
    handler: async (e) => ledger.reassigned((await readEvent(TOPICS.jobReassigned, e)).data, e.eventId),
  },
  {
    topic: TOPICS.jobReturned,
    handler: async (e) => ledger.returned((await readEvent(TOPICS.jobReturned, e)).data, e.eventId),
  },
  {
    topic: TOPICS.jobProgressed,
    handler: async (e) => ledger.progressed((await readEvent(TOPICS.jobProgressed, e)).data),
  },
  {
    topic: TOPICS.bookingAmended,
    handler: async (e) => {
      const { data, eventId, occurredAt } = await readEvent(TOPICS.bookingAmended, e);
      await ledger.repriced(data, eventId, occurredAt);
    },
  },
  {
    topic: TOPICS.bookingReactivated,
    handler: async (e) => {
      const { data, eventId, occurredAt } = await readEvent(TOPICS.bookingReactivated, e);
      await ledger.repriced(data, eventId, occurredAt);
    },
  },
];
