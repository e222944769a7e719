import { TOPICS } from '@vanhop/contracts';
import { readEvent, type Subscription } from '@vanhop/platform';
import type { BookedDriverTime } from '../app/booked-driver-time.js';
import type { DriverJobs } from '../app/driver-jobs.js';

export const quoteSubscriptions = (deps: { time: BookedDriverTime; jobs: DriverJobs }): Subscription[] => [
  {
    topic: TOPICS.bookingConfirmed,
    handler: async (e) => {
      const { data } = await readEvent(TOPICS.bookingConfirmed, e);
      // The time first: a job is only offered for a booking that holds its driver.
      await deps.time.confirmed(data);
      await deps.jobs.offer(data);
    },
  },
  { topic: TOPICS.bookingCancelled, handler: async (e) => deps.time.released((await readEvent(TOPICS.bookingCancelled, e)).data.bookingId) },
  { topic: TOPICS.bookingPostponed, handler: async (e) => deps.time.released((await readEvent(TOPICS.bookingPostponed, e)).data.bookingId) },
  { topic: TOPICS.bookingReactivated, handler: async (e) => deps.time.moved((await readEvent(TOPICS.bookingReactivated, e)).data) },
  { topic: TOPICS.bookingAmended, handler: async (e) => deps.time.moved((await readEvent(TOPICS.bookingAmended, e)).data) },
];
