/**
 * The moving date picker: a calendar of bookable days and a list of 15-minute times on the London
 * clock (rules in dateRules.ts). Typing is disabled; the value is an ISO instant or '' and can be cleared.
 */
import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import {
  addDays,
  compareDays,
  daysInMonth,
  firstSelectableDay,
  formatMinute,
  formatMovingDate,
  isSelectableDay,
  londonParts,
  londonToDate,
  sameDay,
  timeSlots,
  weekdayColumn,
  type CalendarDay,
} from '../lib/dateRules';
import { formatPence, isShortNoticeStart, SHORT_NOTICE, shortNoticeHint } from '@vanhop/contracts';
import './DateTimePicker.css';
import { Button } from './index';
import { FieldError } from './fields';

const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** How far ahead a move can be booked. */
const MAX_DAYS_AHEAD = 365;

interface DateTimePickerProps {
  id: string;
  name: string;
  value: string;
  /** A pick or a clear; the field counts as touched from then on. */
  onChange: (iso: string) => void;
  onBlur?: () => void;
  error?: string;
  now?: () => Date;
  /** The last instant that may be chosen (a postponed booking's 12 months); a year ahead otherwise. */
  latest?: Date;
}

const dayLabel = (d: CalendarDay) => `${d.day} ${MONTHS[d.month - 1]} ${d.year}`;

/** Calls `close` on a mouse press outside `wrapper` while `open`. */
function useCloseOnPressOutside(wrapper: RefObject<HTMLDivElement | null>, open: boolean, close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(e.target as Node)) close();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  });
}

/** The days of the month shown, after blanks for the weekdays before the 1st. */
function useMonthCells(view: { year: number; month: number }) {
  return useMemo(() => {
    const lead = weekdayColumn({ ...view, day: 1 });
    const list: (CalendarDay | null)[] = Array.from({ length: lead }, () => null);
    for (let d = 1; d <= daysInMonth(view.year, view.month); d++) list.push({ ...view, day: d });
    return list;
  }, [view]);
}

export function DateTimePicker({
  id,
  name,
  value,
  onChange,
  onBlur,
  error,
  now = () => new Date(),
  latest,
}: DateTimePickerProps) {
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const chosen = value ? londonParts(new Date(value)) : null;
  const [day, setDay] = useState<CalendarDay | null>(chosen);
  const [view, setView] = useState<{ year: number; month: number }>(() => {
    const d = chosen ?? firstSelectableDay(now());
    return { year: d.year, month: d.month };
  });

  const close = (reportBlur = true) => {
    setOpen(false);
    if (reportBlur) onBlur?.();
  };
  useCloseOnPressOutside(wrapper, open, close);

  const at = now();
  const first = firstSelectableDay(at);
  const yearAhead = addDays(first, MAX_DAYS_AHEAD);
  const limit = latest ? londonParts(latest) : null;
  const last = limit && compareDays(limit, yearAhead) < 0 ? limit : yearAhead;
  const cells = useMonthCells(view);
  const slots = day
    ? timeSlots(day, at).filter((m) => !limit || !sameDay(day, limit) || m <= limit.hour * 60 + limit.minute)
    : [];
  const shiftMonth = (by: number) =>
    setView((v) => {
      const m = v.month - 1 + by;
      return { year: v.year + Math.floor(m / 12), month: (((m % 12) + 12) % 12) + 1 };
    });

  const pickTime = (minute: number) => {
    if (!day) return;
    onChange(londonToDate({ ...day, hour: Math.floor(minute / 60), minute: minute % 60 }).toISOString());
    // a pick already reports the change (and marks the field touched): a blur now would validate stale values
    close(false);
  };

  const errorId = `${id}-error`;
  return (
    <div className="dtp" ref={wrapper}>
      <DateTimeField
        id={id}
        name={name}
        value={value}
        open={open}
        dialogId={dialogId}
        errorId={error ? errorId : undefined}
        onOpen={() => setOpen(true)}
        onClose={close}
        onBlur={onBlur}
        onClear={() => {
          onChange('');
          setDay(null);
        }}
      />
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveElementInteractions: Escape closes the dialog from wherever the focus is inside it.
        <div
          id={dialogId}
          className="dtp-popup"
          role="dialog"
          aria-label="Choose moving date and time"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            }
          }}
        >
          <div className="dtp-month">
            <Button
              aria-label="Previous month"
              disabled={compareDays({ ...view, day: 1 }, { ...first, day: 1 }) <= 0}
              onClick={() => shiftMonth(-1)}
            >
              ‹
            </Button>
            <span aria-live="polite">
              {MONTHS[view.month - 1]} {view.year}
            </span>
            <Button
              aria-label="Next month"
              disabled={compareDays({ ...view, day: 1 }, { ...last, day: 1 }) >= 0}
              onClick={() => shiftMonth(1)}
            >
              ›
            </Button>
          </div>
          <DayGrid
            cells={cells}
            day={day}
            isOpen={(c) => compareDays(c, last) <= 0 && isSelectableDay(c, at)}
            onDay={setDay}
          />
          <TimeList day={day} slots={slots} chosen={chosen} at={at} onPick={pickTime} />
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface DateTimeFieldProps {
  id: string;
  name: string;
  value: string;
  open: boolean;
  dialogId: string;
  /** The id of the error shown under the field, when there is one. */
  errorId: string | undefined;
  onOpen: () => void;
  onClose: () => void;
  onBlur?: () => void;
  onClear: () => void;
}

/** The chosen date and time as a select-only combobox that opens the calendar, and the button that clears it. */
function DateTimeField({
  id,
  name,
  value,
  open,
  dialogId,
  errorId,
  onOpen,
  onClose,
  onBlur,
  onClear,
}: DateTimeFieldProps) {
  return (
    <div className="dtp-field">
      <input
        id={id}
        name={name}
        className="dtp-input"
        type="text"
        // a select-only combobox (ARIA 1.2): a text box may not say whether its calendar is open
        role="combobox"
        readOnly
        inputMode="none"
        placeholder="dd-mm-yyyy hh:mm"
        value={value ? formatMovingDate(value) : ''}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={dialogId}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onClick={onOpen}
        onKeyDown={(e) => {
          // no typing: Enter, Space or ArrowDown open the calendar; Escape closes it
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
            e.preventDefault();
            onOpen();
          } else if (e.key === 'Escape') {
            // closing the calendar must not also close a dialog the picker sits in (the admin record panel)
            if (open) e.stopPropagation();
            onClose();
          } else if (e.key !== 'Tab') {
            e.preventDefault();
          }
        }}
        onBlur={() => {
          if (!open) onBlur?.();
        }}
      />
      {value && (
        <Button className="dtp-clear" aria-label="Clear moving date" onClick={onClear}>
          ×
        </Button>
      )}
    </div>
  );
}

/** The month's days under their weekdays; a day that cannot be booked is disabled. */
function DayGrid({
  cells,
  day,
  isOpen,
  onDay,
}: {
  cells: (CalendarDay | null)[];
  day: CalendarDay | null;
  isOpen: (d: CalendarDay) => boolean;
  onDay: (d: CalendarDay) => void;
}) {
  return (
    <div className="dtp-grid">
      {WEEKDAYS.map((w) => (
        <span key={w} className="dtp-weekday" aria-hidden="true">
          {w}
        </span>
      ))}
      {cells.map((c, i) =>
        c ? (
          <Button
            key={`day-${c.day}`}
            type="button"
            className={`dtp-day${day && sameDay(day, c) ? ' selected' : ''}`}
            aria-label={dayLabel(c)}
            aria-pressed={day ? sameDay(day, c) : false}
            disabled={!isOpen(c)}
            onClick={() => onDay(c)}
          >
            {c.day}
          </Button>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: a blank before the 1st is only its position in the grid.
          <span key={i} />
        ),
      )}
    </div>
  );
}

/** The day's 15-minute start times, the short-notice ones marked (the house card's fee said above them). */
function TimeList({
  day,
  slots,
  chosen,
  at,
  onPick,
}: {
  day: CalendarDay | null;
  slots: number[];
  chosen: ReturnType<typeof londonParts> | null;
  at: Date;
  onPick: (minute: number) => void;
}) {
  // The times a driver would price as short notice (the house card's fee): said where the time is chosen.
  const shortSlots = day
    ? slots.filter((m) => isShortNoticeStart(londonToDate({ ...day, hour: Math.floor(m / 60), minute: m % 60 }), at))
    : [];
  return (
    <div className="dtp-times" role="listbox" aria-label={day ? `Times on ${dayLabel(day)}` : 'Choose a day first'}>
      {!day && <p className="dtp-hint">Choose a day to see the times.</p>}
      {shortSlots.length > 0 && (
        <p className="dtp-hint dtp-short-hint" data-testid="short-notice-hint">
          {shortNoticeHint(formatPence(SHORT_NOTICE.feePence))}
        </p>
      )}
      {slots.map((m) => {
        const selected = !!chosen && !!day && sameDay(chosen, day) && chosen.hour * 60 + chosen.minute === m;
        return (
          <Button
            key={m}
            type="button"
            role="option"
            aria-selected={selected}
            className={selected ? 'selected' : undefined}
            onClick={() => onPick(m)}
          >
            {formatMinute(m)}
            {shortSlots.includes(m) && <span className="dtp-short"> · short notice</span>}
          </Button>
        );
      })}
    </div>
  );
}
