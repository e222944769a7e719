import { describe, expect, it } from 'vitest';
import { AVAILABILITY_MSG, type DriverSelfView } from '@vanhop/contracts';
import {
  INITIAL_AVAILABILITY,
  availabilityReducer,
  type AvailabilityAction,
  type AvailabilityState,
} from './availability-state';
import { NOTHING_TO_SAVE } from './availability-text';

const run = (actions: AvailabilityAction[], from: AvailabilityState = INITIAL_AVAILABILITY) =>
  actions.reduce(availabilityReducer, from);
const view = (weekly: Record<string, { from: string; to: string }[]>, daysOff: string[] = []) =>
  ({ active: true, availability: { weekly, daysOff } }) as unknown as DriverSelfView;

describe('the availability page reducer', () => {
  it('shows what the service holds, days off in date order', () => {
    const s = run([
      { type: 'shown', view: view({ mon: [{ from: '09:00', to: '12:00' }] }, ['2026-05-02', '2026-04-01']) },
    ]);
    expect(s.weekly.mon).toEqual([{ from: '09:00', to: '12:00' }]);
    expect(s.weekly.tue).toEqual([]);
    expect(s.daysOff).toEqual(['2026-04-01', '2026-05-02']);
  });

  it('adds the hour after the last period, at most four, and every edit clears the saved-it line', () => {
    let s = run([
      { type: 'shown', view: view({}) },
      { type: 'periodAdded', day: 'mon' },
      { type: 'periodAdded', day: 'mon' },
    ]);
    expect(s.weekly.mon).toEqual([
      { from: '09:00', to: '17:00' },
      { from: '17:00', to: '18:00' },
    ]);
    s = run(
      [
        { type: 'periodAdded', day: 'mon' },
        { type: 'periodAdded', day: 'mon' },
        { type: 'periodAdded', day: 'mon' },
      ],
      s,
    );
    expect(s.weekly.mon).toHaveLength(4);
    s = run([{ type: 'saved', view: view({ mon: [{ from: '09:00', to: '10:00' }] }) }], s);
    expect(s.status).toBe('Availability saved');
    s = run([{ type: 'periodChanged', day: 'mon', index: 0, part: 'to', value: '11:00' }], s);
    expect(s.weekly.mon[0]).toEqual({ from: '09:00', to: '11:00' });
    expect(s.status).toBeNull();
  });

  it('a day off needs a date; a date already listed is not added twice', () => {
    let s = run([{ type: 'dayOffAdded' }]);
    expect(s.dayOffProblem).toBe('Choose a date first');
    s = run([{ type: 'dayOffTyped', value: '2026-13' }, { type: 'dayOffAdded' }], s);
    expect(s.dayOffProblem).toBe(AVAILABILITY_MSG.dayOff);
    s = run(
      [
        { type: 'dayOffTyped', value: '2026-06-01' },
        { type: 'dayOffAdded' },
        { type: 'dayOffTyped', value: '2026-06-01' },
        { type: 'dayOffAdded' },
      ],
      s,
    );
    expect(s.daysOff).toEqual(['2026-06-01']);
    expect(s.newDayOff).toBe('');
  });

  it('a refused check counts a refusal (the focus moves); nothing to save says so; a server refusal keeps its field errors', () => {
    let s = run([{ type: 'checked', errors: { 'weekly.mon[0].to': 'End after start' } }]);
    expect(s).toMatchObject({ failure: 'Not saved: please correct the days marked.', refusals: 1 });
    s = run([{ type: 'checked', errors: {} }, { type: 'nothingToSave' }], s);
    expect(s).toMatchObject({ failure: null, status: NOTHING_TO_SAVE, refusals: 1 });
    s = run(
      [{ type: 'sending' }, { type: 'refused', errors: { 'daysOff[0]': 'In the past' }, failure: 'Not saved' }],
      s,
    );
    expect(s).toMatchObject({
      busy: false,
      errors: { 'daysOff[0]': 'In the past' },
      failure: 'Not saved',
      refusals: 2,
    });
  });
});
