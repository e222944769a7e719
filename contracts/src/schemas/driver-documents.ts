import * as yup from 'yup';
import { noControlCharacters } from './common.js';

export const DRIVER_DOCUMENT_MSG = {
  reference: 'Reference is required: the policy or licence number',
  referenceForm: 'Reference is up to 40 letters, digits, spaces and - / .',
  expiresOn: 'Expiry date must be a date like 2027-01-31',
  expiresRange: 'Expiry date must be between 2000 and 2100',
  week: 'week must be a date like 2026-11-23',
  search: 'Type at least 2 characters to search',
  searchLong: 'Search text is at most 100 characters',
} as const;

const M = DRIVER_DOCUMENT_MSG;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A real calendar day (2027-02-30 is refused, not rolled over). */
const realDay = (v: string | undefined) =>
  !!v && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

const documentSchema = yup
  .object({
    reference: yup
      .string()
      .trim()
      .required(M.reference)
      .max(40, M.referenceForm)
      .matches(/^[\w ./-]+$/, M.referenceForm),
    expiresOn: yup
      .string()
      .required(M.expiresOn)
      .matches(DATE, M.expiresOn)
      .test('real', M.expiresOn, realDay)
      .test('range', M.expiresRange, (v) => !v || (v >= '2000-01-01' && v < '2100-01-01')),
  })
  .nullable()
  .default(null);

/** PUT /api/drivers/admin/:id/documents: both documents in full; null (or absent) means none recorded. */
export const driverDocumentsSchema = yup.object({ insurance: documentSchema, licence: documentSchema }).noUnknown();
export type DriverDocumentsInput = yup.InferType<typeof driverDocumentsSchema>;

/** GET /api/drivers/admin/:id/calendar?week=: any day of the wanted week (absent: this week). */
export const driverWeekQuerySchema = yup.object({
  week: yup
    .string()
    .optional()
    .matches(DATE, M.week)
    .test('real', M.week, (v) => v === undefined || realDay(v)),
});

/** The most records one staff search answers; more matches say so (`truncated`), to type more. */
export const BOOKING_SEARCH_LIMIT = 20;

/** GET /api/backdata/search?q=: a retrieve code, or part of a customer's name, phone or e-mail. */
export const bookingSearchQuerySchema = yup.object({
  q: yup
    .string()
    .trim()
    .required(M.search)
    .min(2, M.search)
    .max(100, M.searchLong)
    .test({ ...noControlCharacters, message: M.search }),
});
