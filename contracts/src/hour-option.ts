import { HOUR_OPTIONS } from './constants.js';

// The reference client's hour select sends its option text ("03hr:30Min"); our own web app and older tests send the
// number of hours. Both arrive on the same wire field, so both are read here and nowhere else.
const OPTION_TEXT = /^(\d{1,2})\s*hr\s*:\s*(\d{1,2})\s*min$/i;
const DECIMAL_TEXT = /^\d{1,2}(\.\d+)?$/;

function hoursFromText(text: string): number {
  const option = OPTION_TEXT.exec(text);
  if (option) return Number(option[1]) + Number(option[2]) / 60;
  return DECIMAL_TEXT.test(text) ? Number(text) : NaN;
}

/**
 * The booked hours when `value` names one of the hour select's choices (3, 3.5, "3", "03hr:00Min",
 * "03hr:30Min"), otherwise undefined. Checking against HOUR_OPTIONS keeps the 1 to 20.5 range and
 * the 30-minute steps in one place: "03hr:15Min", 0.25 or 21 name no option.
 */
export function parseHourOption(value: unknown): number | undefined {
  const hours = typeof value === 'number' ? value : typeof value === 'string' ? hoursFromText(value.trim()) : NaN;
  return HOUR_OPTIONS.find((o) => o.value === hours)?.value;
}

/** The select's text for a number of hours ("03hr:30Min"), or undefined when it is not an option. */
export const hourOptionLabel = (hours: number): string | undefined =>
  HOUR_OPTIONS.find((o) => o.value === hours)?.label;
