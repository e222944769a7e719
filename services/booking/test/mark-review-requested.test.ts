import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPICS, type BookingRecord } from '@vanhop/contracts';
import { createEvent, createLogger, EmbeddedDocumentStore, fixedClock } from '@vanhop/platform';
import { MarkReviewRequested } from '../src/app/mark-review-requested.js';
import { BookingRepository } from '../src/adapters/booking-repository.js';
import { onReviewRequested } from '../src/consumers/on-review-requested.js';

const clock = fixedClock('2026-03-01T12:00:00Z');

describe('ReviewRequested consumer', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let mark: MarkReviewRequested;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vanhop-booking-review-'));
    store = new EmbeddedDocumentStore(dir);
    mark = new MarkReviewRequested(new BookingRepository(store), clock, createLogger('test', 'silent'));
    await store
      .collection<Pick<BookingRecord, '_id' | 'reviewRequest'>>('bookings')
      .insertOne({ _id: 'b-1', reviewRequest: false });
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sets reviewRequest once; a redelivery changes nothing', async () => {
    const event = await createEvent(
      TOPICS.reviewRequested,
      {
        bookingId: 'b-1',
        customer: { name: 'Grace', email: 'grace@example.com', phone: '0770' },
        requestedBy: 'Sam_Admin',
      },
      { producer: 'review', clock },
    );
    await onReviewRequested(mark)(event);
    const after = await store.collection('bookings').findOne({ _id: 'b-1' });
    expect(after).toMatchObject({
      reviewRequest: true,
      reviewRequestedAt: '2026-03-01T12:00:00.000Z',
      reviewRequestedBy: 'Sam_Admin',
    });
    expect(await mark.execute('b-1', 'someone-else')).toBe('already-marked');
    expect(await store.collection('bookings').findOne({ _id: 'b-1' })).toMatchObject({
      reviewRequestedBy: 'Sam_Admin',
    });
  });

  it('ignores an unknown booking and refuses a malformed event', async () => {
    expect(await mark.execute('nope', 'Sam_Admin')).toBe('not-found');
    await expect(
      onReviewRequested(mark)({
        eventId: 'e',
        type: TOPICS.reviewRequested,
        version: 1,
        occurredAt: clock.now().toISOString(),
        correlationId: 'c',
        producer: 'x',
        data: { bookingId: 'b-1' },
      }),
    ).rejects.toThrow();
  });
});
