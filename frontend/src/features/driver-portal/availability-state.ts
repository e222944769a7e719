/**
 * The availability page's state in one reducer: the week being edited, the days off, the errors of
 * the last check and how the last save went. Every edit clears the saved-it line.
 */
import { AVAILABILITY_MSG, WEEKDAYS, type Availability, type DriverSelfView, type Weekday } from '@vanhop/contracts';
import { NOTHING_TO_SAVE } from './availability-text';

export type Period = { from: string; to: string };
export type Weekly = Record<Weekday, Period[]>;

export const MAX_PERIODS = 4;

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

const emptyWeek = (): Weekly => Object.fromEntries(WEEKDAYS.map((d) => [d, []])) as unknown as Weekly;

const weekOf = (a: Availability | null): Weekly => {
  const week = emptyWeek();
  for (const d of WEEKDAYS) week[d] = (a?.weekly?.[d] ?? []).map((p) => ({ from: p.from, to: p.to }));
  return week;
};

/** A new period: 09:00–17:00 on an empty day, else the hour after the day's last period. */
export function nextPeriod(periods: Period[]): Period {
  if (periods.length === 0) return { from: '09:00', to: '17:00' };
  const end = Math.max(...periods.map((p) => toMinutes(p.to)));
  if (end >= 24 * 60) return { from: '09:00', to: '17:00' };
  return { from: hhmm(end), to: hhmm(Math.min(end + 60, 24 * 60)) };
}

export interface AvailabilityState {
  view: DriverSelfView | null;
  weekly: Weekly;
  daysOff: string[];
  /** The date typed in the Day off box, not yet added. */
  newDayOff: string;
  dayOffProblem: string | null;
  /** The last check's errors by path (`weekly.mon[0].from`, `daysOff[2]`). */
  errors: Record<string, string>;
  status: string | null;
  failure: string | null;
  busy: boolean;
  /** Counts refused saves: each one moves the focus to the first wrong field once its error is shown. */
  refusals: number;
  /** The week shown is one typed before the session expired, not yet saved. */
  restored: boolean;
}

export const INITIAL_AVAILABILITY: AvailabilityState = {
  view: null,
  weekly: emptyWeek(),
  daysOff: [],
  newDayOff: '',
  dayOffProblem: null,
  errors: {},
  status: null,
  failure: null,
  busy: false,
  refusals: 0,
  restored: false,
};

export type AvailabilityAction =
  /** The saved hours arrived; `draft` is what was typed before the session expired, shown instead. */
  | { type: 'shown'; view: DriverSelfView; draft?: { weekly: Weekly; daysOff: string[] } | null }
  | { type: 'periodChanged'; day: Weekday; index: number; part: keyof Period; value: string }
  | { type: 'periodAdded'; day: Weekday }
  | { type: 'periodRemoved'; day: Weekday; index: number }
  | { type: 'dayOffTyped'; value: string }
  | { type: 'dayOffAdded' }
  | { type: 'dayOffRemoved'; day: string }
  | { type: 'checked'; errors: Record<string, string> }
  | { type: 'nothingToSave' }
  | { type: 'sending' }
  | { type: 'saved'; view: DriverSelfView }
  | { type: 'refused'; errors: Record<string, string> | null; failure: string | null };

const shown = (
  state: AvailabilityState,
  view: DriverSelfView,
  draft?: { weekly: Weekly; daysOff: string[] } | null,
): AvailabilityState => ({
  ...state,
  view,
  weekly: draft ? weekOf(draft) : weekOf(view.availability),
  daysOff: [...((draft ?? view.availability)?.daysOff ?? [])].sort(),
  restored: !!draft,
});

export function availabilityReducer(state: AvailabilityState, action: AvailabilityAction): AvailabilityState {
  const edited = { ...state, status: null };
  switch (action.type) {
    case 'shown':
      return shown(state, action.view, action.draft);
    case 'periodChanged': {
      const { day, index, part, value } = action;
      return {
        ...edited,
        weekly: {
          ...state.weekly,
          [day]: state.weekly[day].map((p, i) => (i === index ? { ...p, [part]: value } : p)),
        },
      };
    }
    case 'periodAdded': {
      const periods = state.weekly[action.day];
      return periods.length >= MAX_PERIODS
        ? edited
        : { ...edited, weekly: { ...state.weekly, [action.day]: [...periods, nextPeriod(periods)] } };
    }
    case 'periodRemoved':
      return {
        ...edited,
        weekly: { ...state.weekly, [action.day]: state.weekly[action.day].filter((_, i) => i !== action.index) },
      };
    case 'dayOffTyped':
      return { ...state, newDayOff: action.value, dayOffProblem: null };
    case 'dayOffAdded': {
      const day = state.newDayOff;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day))
        return { ...state, dayOffProblem: day ? AVAILABILITY_MSG.dayOff : 'Choose a date first' };
      return {
        ...edited,
        dayOffProblem: null,
        daysOff: state.daysOff.includes(day) ? state.daysOff : [...state.daysOff, day].sort(),
        newDayOff: '',
      };
    }
    case 'dayOffRemoved':
      return { ...edited, daysOff: state.daysOff.filter((d) => d !== action.day) };
    case 'checked': {
      const refused = Object.keys(action.errors).length > 0;
      return {
        ...state,
        status: null,
        errors: action.errors,
        failure: refused ? 'Not saved: please correct the days marked.' : null,
        refusals: refused ? state.refusals + 1 : state.refusals,
      };
    }
    case 'nothingToSave':
      return { ...state, status: NOTHING_TO_SAVE };
    case 'sending':
      return { ...state, busy: true };
    case 'saved':
      return { ...shown(state, action.view), status: 'Availability saved', busy: false };
    case 'refused': {
      const errors = action.errors ?? state.errors;
      const refocus = action.errors !== null && Object.keys(action.errors).length > 0;
      return {
        ...state,
        busy: false,
        errors,
        failure: action.failure ?? state.failure,
        refusals: refocus ? state.refusals + 1 : state.refusals,
      };
    }
  }
}
