import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { BookingsAlert } from './BookingsAlert';

afterEach(cleanup);

describe('BookingsAlert: one card for the dashboard alerts', () => {
  it('is an alert named by its heading, one line per booking: link, move time, what to do', () => {
    render(
      <BookingsAlert
        titleId="t-alert"
        testId="t-alert"
        title="2 bookings need a look"
        items={[
          { key: 'a', link: <a href="#a">Booking 1</a>, date: '2026-11-28T12:00:00.000Z', detail: 'ring them.' },
          { key: 'b', link: <a href="#b">Booking 2</a>, date: '2026-06-01T08:15:00.000Z', detail: <em>wait.</em> },
        ]}
      />,
    );
    const alert = screen.getByRole('alert', { name: '2 bookings need a look' });
    expect(alert.getAttribute('data-testid')).toBe('t-alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Booking 1 on .*28.*12:00.*: ring them\.$/),
      expect.stringMatching(/^Booking 2 on .*1 .*09:15.*: wait\.$/),
    ]);
    expect(within(alert).getByRole('link', { name: 'Booking 2' }).getAttribute('href')).toBe('#b');
  });

  it('shows nothing while there is nothing to say', () => {
    const { container } = render(<BookingsAlert titleId="t" testId="t" title="0 bookings" items={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
