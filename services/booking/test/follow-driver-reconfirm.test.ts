import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobAccepted, JobOffered } from '@vanhop/contracts';
import { createLogger, EmbeddedDocumentStore } from '@vanhop/platform';
import { BookingRepository } from '../src/adapters/booking-repository.js';
import { FollowDriverJobs } from '../src/app/follow-driver-jobs.js';
import type { StoredBooking } from '../src/domain/booking-record.js';

const driver = { id: 'd-1', name: 'Ali', email: 'ali@example.com' };
const move = {
  date: '2026-03-10T10:00:00.000Z',
  totalHour: 3,
  addresses: [{ location: 'London NW2, UK', physicalAddress: '1 A Road', stair: 0 }],
  typeofVan: 'Large',
  typeOfWorker: 'Driver-Help',
  description: '',
};
const reconfirm = (): JobOffered => ({
  bookingId: 'b-1',
  randomNumber: 1,
  driver,
  move,
  respondBy: '2026-03-01T14:00:00.000Z',
  reconfirm: { customer: { name: 'Ada', email: 'ada@example.com' } },
});
const accepted = (at: string): JobAccepted => ({ bookingId: 'b-1', randomNumber: 1, driver, move, acceptedAt: at });

/**
 * The booking follows a request to confirm a new time (JobOffered with `reconfirm`) and the answer
 * (JobAccepted), which travel on two topics and may arrive in either order or twice.
 */
describe('the booking follows a driver asked to confirm a new time', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let follow: FollowDriverJobs;
  const record = async () =>
    (await store.collection<StoredBooking>('bookings').findOne({ _id: 'b-1' })) as StoredBooking;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-booking-reconfirm-'));
    store = new EmbeddedDocumentStore(dir);
    follow = new FollowDriverJobs({ bookings: new BookingRepository(store), logger: createLogger('test', 'silent') });
    await store
      .collection<Partial<StoredBooking> & { _id: string }>('bookings')
      .insertOne({ _id: 'b-1', driver: { ...driver, phone: '0770' }, history: [], driverAcceptedAt: null });
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the old acceptance is cleared once; a later acceptance answers it; an acceptance older than the request does not', async () => {
    await follow.accepted(accepted('2026-03-01T09:00:00.000Z'));
    expect((await record()).driverAcceptedAt).toBe('2026-03-01T09:00:00.000Z');

    await follow.offered(reconfirm(), '2026-03-01T12:00:00.000Z');
    await follow.offered(reconfirm(), '2026-03-01T12:00:00.000Z');
    expect(await record()).toMatchObject({
      driverAcceptedAt: null,
      driverToConfirm: { since: '2026-03-01T12:00:00.000Z', respondBy: '2026-03-01T14:00:00.000Z' },
    });
    expect((await record()).history!.map((h) => h.text)).toEqual([
      'Ali accepted your move',
      'Your new time is waiting for Ali to confirm',
    ]);

    // The first acceptance redelivered late does not answer the new time.
    await follow.accepted(accepted('2026-03-01T09:00:00.000Z'));
    expect((await record()).driverAcceptedAt).toBeNull();

    await follow.accepted(accepted('2026-03-01T12:30:00.000Z'));
    expect(await record()).toMatchObject({ driverAcceptedAt: '2026-03-01T12:30:00.000Z', driverToConfirm: null });
    // The request redelivered after the answer changes nothing.
    await follow.offered(reconfirm(), '2026-03-01T12:00:00.000Z');
    expect((await record()).driverAcceptedAt).toBe('2026-03-01T12:30:00.000Z');
  });

  it('a first offer (no reconfirm) changes nothing', async () => {
    const { reconfirm: _, ...first } = reconfirm();
    await follow.offered(first, '2026-03-01T13:00:00.000Z');
    expect((await record()).driverAcceptedAt).toBe('2026-03-01T12:30:00.000Z');
  });
});
