import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FaqPage } from './FaqPage';
import { bookingFormSchema, MSG } from '@vanhop/contracts';
import { FAQ_ENTRIES } from './faq-entries';

describe('FAQ', () => {
  afterEach(cleanup);

  it('has 22 entries with ids 1 to 22 covering the product topics', () => {
    expect(FAQ_ENTRIES.map((e) => e.id)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
    const text = FAQ_ENTRIES.map((e) => `${e.question} ${e.answer}`)
      .join(' ')
      .toLowerCase();
    for (const topic of [
      'add stop',
      'message the driver',
      'compare',
      'cooling-off',
      'cancel',
      'over 18',
      'extras',
      'not included',
    ]) {
      expect(text, topic).toContain(topic);
    }
  });

  it('agrees with the booking form about the date: the form requires one, and the FAQ says quotes need one', async () => {
    await expect(bookingFormSchema.validateAt('moving_date', { moving_date: '' })).rejects.toThrow(
      MSG.booking.dateRequired,
    );
    const entry = FAQ_ENTRIES.find((e) => e.question === 'Can I book without a fixed date?');
    expect(entry?.answer).toContain('Quotes need a moving date');
    expect(entry?.answer).not.toMatch(/compare quotes without/i);
    expect(entry?.answer).toContain('short-notice fee');
  });

  it('opens one answer at a time', () => {
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    );
    const [first, second] = FAQ_ENTRIES;
    if (!first || !second) throw new Error('the FAQ has at least two entries');
    expect(screen.queryByText(first.answer)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: first.question }));
    expect(screen.getByText(first.answer)).toBeShown();
    fireEvent.click(screen.getByRole('button', { name: second.question }));
    expect(screen.queryByText(first.answer)).toBeNull();
    expect(screen.getByText(second.answer)).toBeShown();
    fireEvent.click(screen.getByRole('button', { name: second.question }));
    expect(screen.queryByText(second.answer)).toBeNull();
  });
});
