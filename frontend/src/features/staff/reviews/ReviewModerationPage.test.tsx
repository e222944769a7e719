import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ModeratedReview, ReviewStatus, StaffReviewPage } from '@vanhop/contracts';
import { fakeApi } from '../../../testing/fakeApi';
import { TOKEN_KEY } from '../admin/session';
import { ReviewModerationPage } from './ReviewModerationPage';

const review = (n: number, status: ReviewStatus): ModeratedReview => ({
  id: `rv-${n}`,
  bookingId: `bk-${n}`,
  randomNumber: 4000 + n,
  rating: 5,
  text: `Review number ${n}`,
  driverRating: null,
  driverId: null,
  driverName: null,
  authorName: `Author ${n}`,
  status,
  submittedAt: '2026-03-01T10:00:00.000Z',
  moderatedAt: null,
  moderatedBy: null,
});

describe('staff review moderation, a page at a time', () => {
  beforeEach(() => localStorage.setItem(TOKEN_KEY, 'tok'));
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('reads the first page of pending reviews, then the next with "Show more", and each status on its own', async () => {
    const api = fakeApi({
      'GET /api/reviews/admin/page': ({ path }): { json: StaffReviewPage } => {
        const q = new URL(path, 'http://x').searchParams;
        if (q.get('status') === 'approved')
          return { json: { items: [review(9, 'approved')], pageSize: 20, next: null, pending: 3 } };
        return q.get('after') === 'page-2'
          ? { json: { items: [review(3, 'pending')], pageSize: 20, next: null, pending: 3 } }
          : { json: { items: [review(1, 'pending'), review(2, 'pending')], pageSize: 20, next: 'page-2', pending: 3 } };
      },
    });
    render(
      <MemoryRouter>
        <ReviewModerationPage />
      </MemoryRouter>,
    );
    expect(await screen.findAllByTestId('moderated-review')).toHaveLength(2);
    expect(screen.getByText('3 pending')).toBeShown();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('moderated-review')).toHaveLength(3));
    expect(screen.getByText('Review number 3')).toBeShown();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.of('GET', '/api/reviews/admin/page').map((c) => c.path)).toEqual([
      '/api/reviews/admin/page?status=pending',
      '/api/reviews/admin/page?status=pending&after=page-2',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
    await waitFor(() => expect(screen.getAllByTestId('moderated-review')).toHaveLength(1));
    expect(screen.getByText('Review number 9')).toBeShown();
    // The whole moderation list is no longer read.
    expect(api.of('GET', '/api/reviews/admin?')).toEqual([]);
  });

  it("keeps only the decided review's buttons disabled while its decision is sent, and both decisions go through", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = fakeApi({
      'GET /api/reviews/admin/page': () => ({
        json: { items: [review(1, 'pending'), review(2, 'pending')], pageSize: 20, next: null, pending: 2 },
      }),
      'POST /api/reviews/admin/rv-1/approve': async () => {
        await held;
        return { json: review(1, 'approved') };
      },
      'POST /api/reviews/admin/rv-2/reject': () => ({ json: review(2, 'rejected') }),
    });
    render(
      <MemoryRouter>
        <ReviewModerationPage />
      </MemoryRouter>,
    );
    const [first, second] = await screen.findAllByTestId('moderated-review');
    const approveFirst = within(first!).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    fireEvent.click(approveFirst);
    await waitFor(() => expect(approveFirst.disabled).toBe(true));
    const rejectSecond = within(second!).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(rejectSecond.disabled).toBe(false);
    fireEvent.click(rejectSecond);
    await waitFor(() => expect(api.of('POST', '/api/reviews/admin/rv-2/reject')).toHaveLength(1));
    release();
    await waitFor(() => expect(approveFirst.disabled).toBe(false));
    expect(api.of('POST', '/api/reviews/admin/rv-1/approve')).toHaveLength(1);
  });
});
