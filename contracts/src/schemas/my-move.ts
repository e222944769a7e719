import * as yup from 'yup';

/** POST /api/mymove/:token/cancel body: the customer saw the terms and confirms. */
export const cancelBookingSchema = yup.object({
  confirm: yup.boolean().oneOf([true], 'Please confirm the cancellation').required('Please confirm the cancellation'),
  /**
   * The refund the customer was shown when confirming. The terms change at the end of the cooling-off
   * hour; a cancel confirmed for a full refund must not go through with none (409 instead).
   */
  expectedRefundPence: yup.number().integer().min(0).optional(),
});

/** POST /api/mymove/:token/reactivate body: the new move date (ISO), re-priced by the server. */
export const reactivateBookingSchema = yup.object({
  date: yup
    .string()
    .required('Choose Moving Date is required')
    .test('iso-date', 'Moving date must be a valid date', (v) => v === undefined || !Number.isNaN(Date.parse(v))),
  /** The new total the customer was shown (POST .../reactivate/price); a different price now is refused with 409. */
  expectedTotalPence: yup
    .number()
    .typeError('expectedTotalPence must be a whole number of pence')
    .integer('expectedTotalPence must be a whole number of pence')
    .min(0, 'expectedTotalPence must be a whole number of pence')
    .optional(),
});
export type ReactivateBookingRequest = yup.InferType<typeof reactivateBookingSchema>;
