/**
 * The review page's stars show the rating it will send: the chosen stars filled and the rest
 * hollow (not told apart by colour alone), the choice written beside them, and the same number sent.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeApi } from '../../testing/fakeApi';
import ReviewPage from './ReviewPage';

const view = {
  authorName: 'Grace M.',
  driverName: 'Ali Hassan',
  moveDate: '2026-02-25T10:00:00.000Z',
  submitted: false,
};

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/review/v1.t']}>
      <Routes>
        <Route path="/review/:token" element={<ReviewPage />} />
      </Routes>
    </MemoryRouter>,
  );

/** The stars as drawn in one group, e.g. "★★★★☆". */
const drawn = (group: HTMLElement) =>
  within(group)
    .getAllByText(/^[★☆]$/)
    .map((s) => s.textContent)
    .join('');

describe('review stars', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('draw, say and send the same rating', async () => {
    const api = fakeApi({
      'GET /api/reviews/link/v1.t': () => ({ json: view }),
      'POST /api/reviews/link/v1.t': () => ({ status: 201, json: { message: 'Thank you for your review!' } }),
    });
    renderPage();
    const overall = await screen.findByRole('group', { name: 'Your overall rating' });
    const driver = screen.getByRole('group', { name: 'Rate Ali Hassan (optional)' });

    // Nothing chosen yet: every star hollow, no number.
    expect(drawn(overall)).toBe('☆☆☆☆☆');
    expect(within(overall).queryByText(/out of 5/)).toBeNull();

    fireEvent.click(within(overall).getByLabelText('4 stars'));
    expect(drawn(overall)).toBe('★★★★☆');
    expect(within(overall).getByText('4 out of 5')).toBeShown();

    // A change of mind redraws both.
    fireEvent.click(within(overall).getByLabelText('2 stars'));
    expect(drawn(overall)).toBe('★★☆☆☆');
    expect(within(overall).getByText('2 out of 5')).toBeShown();

    // The driver's stars are their own; "No rating" draws none.
    expect(drawn(driver)).toBe('☆☆☆☆☆');
    fireEvent.click(within(driver).getByLabelText('5 stars'));
    expect(drawn(driver)).toBe('★★★★★');
    expect(within(driver).getByText('5 out of 5')).toBeShown();
    fireEvent.click(within(driver).getByLabelText('No rating'));
    expect(drawn(driver)).toBe('☆☆☆☆☆');
    expect(within(driver).queryByText(/out of 5/)).toBeNull();
    expect(drawn(overall)).toBe('★★☆☆☆');

    fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
    await screen.findByTestId('review-thanks');
    expect(api.of('POST', '/api/reviews/link/v1.t')[0]!.body).toEqual({ rating: 2, text: '', driverRating: null });
  });
});
