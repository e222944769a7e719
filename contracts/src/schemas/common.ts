import * as yup from 'yup';

export const DIGITS_ONLY = /^\d+$/;

/** Line breaks and other control characters, and the bidirectional overrides that make text display out of order. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export const NAME_CONTROL_MSG = 'Name must not contain line breaks or control characters';

/**
 * Every name field (customer, driver, staff, chat) takes `.test(noControlCharacters)`: a name is
 * one line wherever it goes (mail headers and greetings, CSV exports, logs, the staff lists), so
 * CR, LF and other control characters are refused with the field's own message. Leading and
 * trailing ones go with the trimming the schemas already do.
 */
export const noControlCharacters = {
  name: 'no-control-characters',
  message: NAME_CONTROL_MSG,
  test: (value: string | null | undefined) => value == null || !CONTROL_CHARACTERS.test(value),
};

/**
 * A UK phone number as people type it, made plain before it is checked: spaces, dashes, dots and
 * brackets go, and a leading +44 or 0044 becomes 0 ("+44 (0)7700 900123" → "07700900123"), as does
 * a bare 44 before ten more digits ("447700900123").
 * Anything else is left as typed, for the digits check to refuse in its own words.
 */
export function normaliseUkPhone(value: string): string {
  let v = value.trim().replace(/[\s\-.()]/g, '');
  // "447700900123": the country code without its + (12 digits, no UK number is that long) reads as +44.
  const international = /^(\+|00)44/.exec(v) ?? /^44(?=[1-9]\d{9}$)/.exec(v);
  if (international) {
    const rest = v.slice(international[0].length);
    v = rest.startsWith('0') ? rest : `0${rest}`;
  }
  return v;
}

/** A UK number has 10 or 11 digits with its leading 0 (after `normaliseUkPhone`). */
export const UK_PHONE_DIGITS = { min: 10, max: 11 } as const;

const normalisedPhone = () =>
  yup
    .string()
    .transform((value: unknown, original: unknown) =>
      original === null || original === '' ? undefined : typeof value === 'string' ? normaliseUkPhone(value) : value,
    );

const phoneChecks = <S extends yup.StringSchema<string | undefined>>(
  schema: S,
  messages: { digits: string; length: string },
): S =>
  schema
    .matches(DIGITS_ONLY, { message: messages.digits, excludeEmptyString: true })
    .test(
      'uk-phone-length',
      messages.length,
      (v) =>
        v == null ||
        v === '' ||
        !DIGITS_ONLY.test(v) ||
        (v.length >= UK_PHONE_DIGITS.min && v.length <= UK_PHONE_DIGITS.max),
    );

/**
 * The one phone rule of the booking and contact forms and of the servers behind them: normalised,
 * then digits only (the form's own message), then 10 or 11 digits.
 */
export const ukPhoneSchema = (messages: { required: string; digits: string; length: string }) =>
  phoneChecks(normalisedPhone().required(messages.required), messages);

/** The same rule where a phone may be missing (a draft): an empty value passes, any other is checked alike. */
export const optionalUkPhoneSchema = (messages: { digits: string; length: string }) =>
  phoneChecks(normalisedPhone().optional(), messages);
