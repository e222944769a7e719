import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DateTimePicker } from './DateTimePicker';

afterEach(cleanup);

// 10 July 2026, 14:37 in London (BST)
const now = () => new Date('2026-07-10T13:37:00Z');

function renderPicker(value = '') {
  const onChange = vi.fn();
  render(<DateTimePicker id="moving_date" name="moving_date" value={value} onChange={onChange} now={now} />);
  return onChange;
}

describe('DateTimePicker', () => {
  it('ignores typing, opens on click, disables past days and starts today 2 hours ahead on the hour', () => {
    const onChange = renderPicker();
    const input = screen.getByRole('combobox') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    fireEvent.keyDown(input, { key: '1' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(input);
    expect(screen.getByRole('button', { name: '9 July 2026' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '10 July 2026' }));
    const times = screen.getAllByRole('option').map((o) => o.textContent);
    expect(times[0]).toBe('16:00 · short notice');
    expect(times.at(-1)).toBe('21:00');
    fireEvent.click(screen.getByRole('option', { name: '16:15 · short notice' }));
    expect(onChange).toHaveBeenCalledWith('2026-07-10T15:15:00.000Z');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('announces the short-notice fee on the times that start within 2 hours, and only there', () => {
    renderPicker();
    fireEvent.click(screen.getByRole('combobox'));
    fireEvent.click(screen.getByRole('button', { name: '10 July 2026' }));
    // 14:37 now: 16:00, 16:15 and 16:30 start within 120 minutes; 16:45 does not.
    const times = screen.getAllByRole('option').map((o) => o.textContent);
    expect(times.slice(0, 4)).toEqual([
      '16:00 · short notice',
      '16:15 · short notice',
      '16:30 · short notice',
      '16:45',
    ]);
    expect(screen.getByTestId('short-notice-hint').textContent).toBe(
      'Times marked "short notice" start within 2 hours: most drivers add a £20.00 short-notice fee, shown in each quote.',
    );
    // Another day: no fee, no note.
    fireEvent.click(screen.getByRole('button', { name: '11 July 2026' }));
    expect(screen.getAllByRole('option').every((o) => !o.textContent?.includes('short notice'))).toBe(true);
    expect(screen.queryByTestId('short-notice-hint')).toBeNull();
  });

  it('shows day-month-year and time on the London clock, and can be cleared', () => {
    const onChange = renderPicker('2026-07-11T05:00:00.000Z');
    expect((screen.getByRole('combobox') as HTMLInputElement).value).toBe('11-07-2026 06:00');
    fireEvent.click(screen.getByRole('button', { name: 'Clear moving date' }));
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('offers 06:00 to 21:00 in 15-minute steps on later days and closes on Escape', () => {
    renderPicker();
    fireEvent.click(screen.getByRole('combobox'));
    fireEvent.click(screen.getByRole('button', { name: '11 July 2026' }));
    const times = screen.getAllByRole('option').map((o) => o.textContent);
    expect(times.slice(0, 3)).toEqual(['06:00', '06:15', '06:30']);
    expect(times).toHaveLength(61);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with a latest instant: no day after it, and on its day no time after it (a postponed booking)', () => {
    // 12 July 2026 10:00 in London
    render(
      <DateTimePicker
        id="d"
        name="d"
        value=""
        onChange={vi.fn()}
        now={now}
        latest={new Date('2026-07-12T09:00:00Z')}
      />,
    );
    fireEvent.click(screen.getByRole('combobox'));
    expect(screen.getByRole('button', { name: '13 July 2026' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next month' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '12 July 2026' }));
    const times = screen.getAllByRole('option').map((o) => o.textContent);
    expect(times[0]).toBe('06:00');
    expect(times.at(-1)).toBe('10:00');
  });
});
