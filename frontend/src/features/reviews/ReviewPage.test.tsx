import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { REVIEW_MSG } from '@vanhop/contracts';
import { fakeApi } from '../../testing/fakeApi';
import ReviewPage from './ReviewPage';

const renderAt = (token: string) =>
  render(
    <MemoryRouter initialEntries={[`/review/${token}`]}>
      <Routes>
        <Route path="/review/:token" element={<ReviewPage />} />
      </Routes>
    </MemoryRouter>,
  );

const view = {
  authorName: 'Grace M.',
  driverName: 'Ali Hassan',
  moveDate: '2026-02-25T10:00:00.000Z',
  submitted: false,
};

describe('review page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('needs the stars, then sends stars, text and the driver rating', async () => {
    const api = fakeApi({
      'GET /api/reviews/link/v1.t': () => ({ json: view }),
      'POST /api/reviews/link/v1.t': () => ({ status: 201, json: { message: 'Thank you for your review!' } }),
    });
    renderAt('v1.t');
    await screen.findByText(/how was your move on Wednesday, 25 February 2026 with Ali Hassan\?/);
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await screen.findByText(REVIEW_MSG.ratingRequired);
    expect(api.of('POST', '/api/reviews/link')).toHaveLength(0);

    fireEvent.click(screen.getAllByLabelText('4 stars')[0]!);
    fireEvent.change(screen.getByLabelText(/Your review/), { target: { value: ' Great team ' } });
    fireEvent.click(screen.getAllByLabelText('5 stars')[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    expect((await screen.findByTestId('review-thanks')).textContent).toBe('Thank you for your review!');
    expect(api.of('POST', '/api/reviews/link/v1.t')[0]!.body).toEqual({
      rating: 4,
      text: 'Great team',
      driverRating: 5,
    });
  });

  it('says so for a bad or expired link, and for a move already reviewed', async () => {
    fakeApi({ 'GET /api/reviews/link/bad': () => ({ status: 404, json: { message: REVIEW_MSG.linkInvalid } }) });
    renderAt('bad');
    expect((await screen.findByRole('alert')).textContent).toContain(REVIEW_MSG.linkInvalid);
    cleanup();
    fakeApi({ 'GET /api/reviews/link/done': () => ({ json: { ...view, submitted: true } }) });
    renderAt('done');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(REVIEW_MSG.alreadySubmitted));
  });
});
