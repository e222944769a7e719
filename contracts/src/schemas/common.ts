import * as yup from 'yup';

export const DIGITS_ONLY = /^\d+$/;

/** A yup `string` that refuses objects and arrays instead of casting them: query values must never be objects. */
export const plainString = () => yup.string().strict(true);

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
