import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { DayOfMove } from './DayOfMove';

afterEach(cleanup);

/** The staff record panel's "On the day": what the driver recorded at Done. */
describe('the day of the move in the staff record panel', () => {
  it('shows what was paid to the driver on the day and the actual times', () => {
    render(
      <DayOfMove
        record={{
          daySettlement: {
            method: 'cash',
            amountPence: 10300,
            at: '2026-03-01T12:30:00.000Z',
            text: 'Paid to the driver on the day: cash £103.00',
            startedAt: '2026-03-01T09:05:00.000Z',
            finishedAt: '2026-03-01T12:20:00.000Z',
          },
        }}
      />,
    );
    const section = screen.getByTestId('day-of-move');
    expect(section.textContent).toContain('Paid on the dayPaid to the driver on the day: cash £103.00');
    expect(section.textContent).toMatch(/Started.*09:05/);
    expect(section.textContent).toMatch(/Finished.*12:20/);
  });

  it('says nothing before Done', () => {
    render(<DayOfMove record={{ daySettlement: null }} />);
    expect(screen.queryByTestId('day-of-move')).toBeNull();
  });
});
