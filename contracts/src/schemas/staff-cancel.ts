import * as yup from 'yup';
import { STAFF_CANCEL_REASON_MAX, STAFF_RECORD_MSG as M } from '../staff-cancel.js';
import { noControlCharacters } from './common.js';

/** Whole pence, 0 or more; `null`, text and fractions are refused by name. */
const refundPence = () =>
  yup.number().typeError(M.refundWhole).required(M.refundRequired).integer(M.refundWhole).min(0, M.refundNegative);

/**
 * POST /api/backdata/cancel/:id body: the refund staff chose, in whole pence, and why. Without
 * `maxRefundPence` it checks the shape (the route's edge); with it, the booking's own limit
 * (everything paid, net of refunds), which only the record knows, so the service checks again
 * once it has read the record, and the dashboard before sending.
 */
export const staffCancelSchema = (maxRefundPence?: number) =>
  yup.object({
    refundPence:
      maxRefundPence === undefined ? refundPence() : refundPence().max(maxRefundPence, M.refundTooMuch(maxRefundPence)),
    /** Shown to the customer in their history and e-mail: one line, like a name. */
    reason: yup
      .string()
      .trim()
      .required(M.reasonRequired)
      .max(STAFF_CANCEL_REASON_MAX, M.reasonTooLong)
      .test({ ...noControlCharacters, message: M.reasonOneLine }),
  });

export type StaffCancelRequest = yup.InferType<ReturnType<typeof staffCancelSchema>>;
