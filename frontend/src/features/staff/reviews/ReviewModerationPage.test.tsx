import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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
    expect(screen.getByText('3 pending')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByTestId('moderated-review')).toHaveLength(3));
    expect(screen.getByText('Review number 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(api.of('GET', '/api/reviews/admin/page').map((c) => c.path)).toEqual([
      '/api/reviews/admin/page?status=pending',
      '/api/reviews/admin/page?status=pending&after=page-2',
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Approved' }));
    await waitFor(() => expect(screen.getAllByTestId('moderated-review')).toHaveLength(1));
    expect(screen.getByText('Review number 9')).toBeTruthy();
    // The whole moderation list is no longer read.
    expect(api.of('GET', '/api/reviews/admin?')).toEqual([]);
  });
});
