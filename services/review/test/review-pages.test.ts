import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@vanhop/platform';
import { reviewService } from '../src/service.js';
import { CUSTOMER_REVIEWS } from '../src/adapters/review-repositories.js';
import type { CustomerReviewRecord } from '../src/domain/customer-review.js';
import { staffAuth } from '../../../test/support/staff.js';
import { startTestStack, type TestStack } from '../../../test/support/service-stack.js';

const clock = { now: () => new Date('2026-03-01T12:00:00Z') };

const review = (i: number, status: CustomerReviewRecord['status'], minute: number): CustomerReviewRecord => ({
  _id: `rv-${status}-${String(i).padStart(3, '0')}`,
  randomNumber: 5000 + i,
  rating: 5,
  text: `Review ${i}`,
  driverRating: 5,
  driver: { id: 'drv-1', name: 'Ali Hassan' },
  authorName: 'Grace M.',
  status,
  // Two reviews share each minute: the page order breaks the tie by id.
  submittedAt: new Date(Date.parse('2026-02-01T09:00:00Z') + Math.floor(minute / 2) * 60_000).toISOString(),
  moderatedAt: null,
  moderatedBy: null,
});

describe('staff reviews a page at a time', () => {
  let stack: TestStack;
  let svc: RunningService;
  const pending = Array.from({ length: 45 }, (_, i) => review(i, 'pending', i));
  // One approved years before the rest: the newest-first read widens its range of times to reach it.
  const approved = [
    ...Array.from({ length: 7 }, (_, i) => review(i, 'approved', i)),
    { ...review(7, 'approved', 0), submittedAt: '2019-05-01T09:00:00.000Z' },
  ];

  beforeAll(async () => {
    stack = await startTestStack({ name: 'review-pages', clock });
    svc = await stack.start(reviewService, { BOOKING_SERVICE_URL: 'http://127.0.0.1:9' });
    const col = svc.infra.store.collection<CustomerReviewRecord>(CUSTOMER_REVIEWS);
    for (const r of [...pending, ...approved]) await col.insertOne(r);
  });
  afterAll(() => stack?.stop());

  const get = async (pathname: string, auth = true) => {
    const res = await fetch(`${svc.url}${pathname}`, { headers: auth ? staffAuth('Mo_Moderator', { clock }) : {} });
    return { status: res.status, body: (await res.json()) as any };
  };

  /** Every page of a list, following `next`. */
  const allPages = async (query: string) => {
    const ids: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/api/reviews/admin/page?${query}${after ? `&after=${after}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(res.body.pageSize);
      ids.push(...res.body.items.map((r: { id: string }) => r.id));
      after = res.body.next;
      pages++;
    } while (after && pages < 20);
    return { ids, pages };
  };

  it('pages the pending queue oldest first, each review once, ties by id', async () => {
    const { ids, pages } = await allPages('status=pending&pageSize=10');
    expect(pages).toBe(5);
    expect(ids).toEqual(pending.map((r) => r._id));
  });

  it('pages decided reviews newest first, and answers the cursor shape', async () => {
    const first = await get('/api/reviews/admin/page?status=approved&pageSize=5');
    expect(first.body).toMatchObject({ pageSize: 5, next: expect.any(String), pending: 45 });
    expect(first.body.items[0]).toMatchObject({ id: 'rv-approved-006', status: 'approved' });
    const { ids } = await allPages('status=approved&pageSize=5');
    // Newest first (two share each minute: by id), the one from years before last.
    expect(ids).toEqual([
      'rv-approved-006',
      'rv-approved-004',
      'rv-approved-005',
      'rv-approved-002',
      'rv-approved-003',
      'rv-approved-000',
      'rv-approved-001',
      'rv-approved-007',
    ]);
  });

  it('defaults to 20 pending reviews; refuses bad values naming the field, and anyone without a staff token', async () => {
    const res = await get('/api/reviews/admin/page');
    expect(res.body.items).toHaveLength(20);
    expect(res.body.items.every((r: { status: string }) => r.status === 'pending')).toBe(true);
    expect((await get('/api/reviews/admin/page?pageSize=101')).body.errors).toHaveProperty('pageSize');
    expect((await get('/api/reviews/admin/page?status=all')).body.errors).toHaveProperty('status');
    expect((await get('/api/reviews/admin/page?after=not-a-cursor')).body.errors).toHaveProperty('after');
    expect((await get('/api/reviews/admin/page', false)).status).toBe(401);
  });

  it('the whole list for older clients still counts every pending review but lists a bounded number', async () => {
    const res = await get('/api/reviews/admin?status=pending');
    expect(res.body.pending).toBe(45);
    expect(res.body.reviews).toHaveLength(45);
  });
});
