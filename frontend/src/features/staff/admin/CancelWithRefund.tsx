/**
 * "Cancel with refund" in the record detail panel, for a booking that took money (which is never
 * deleted): staff choose the refund, from nothing to everything paid net of refunds, and say why;
 * the customer is told the reason, never who. Checked with the contracts schema before it is sent
 * and by the booking service again; a refusal is shown in the server's own words.
 */
import { useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import type { ValidationError } from 'yup';
import {
  confirmStaffCancelText,
  formatPence,
  STAFF_CANCEL_REASON_MAX,
  staffCancelSchema,
  type BookingRecord,
  type StaffCancellation,
  type StaffCancelRequest,
} from '@vanhop/contracts';
import { InputField, formikErrors } from '../../../ui/formik-fields';
import { AdminApiError, type StaffCancelledRecord } from './api';
import { penceFromPoundsText, poundsText } from './money-taken';
import { Button } from '../../../ui';

interface Values {
  refundPounds: string;
  reason: string;
}

/** The schema's field names as the form's: the refund is typed in pounds, sent in pence. */
const FORM_FIELD: Record<string, keyof Values> = { refundPence: 'refundPounds', reason: 'reason' };
const AMOUNT_FORMAT = 'Enter the refund in pounds and pence, for example 58.50';

interface CancelWithRefundProps {
  record: BookingRecord;
  /** Everything paid, net of refunds: the most staff may give back, and the amount offered. */
  maxRefundPence: number;
  /** Sends the cancellation; resolves with the cancelled record, rejects with the server's refusal. */
  onCancel: (body: StaffCancelRequest) => Promise<StaffCancelledRecord>;
  onDone: (cancellation: StaffCancellation) => void;
  onClose: () => void;
}

export function CancelWithRefund({ record, maxRefundPence, onCancel, onDone, onClose }: CancelWithRefundProps) {
  const [failure, setFailure] = useState<string | null>(null);

  const validate = (values: Values) => {
    const refundPence = penceFromPoundsText(values.refundPounds);
    const errors: Partial<Record<keyof Values, string>> = refundPence === null ? { refundPounds: AMOUNT_FORMAT } : {};
    try {
      staffCancelSchema(maxRefundPence).validateSync(
        { refundPence: refundPence ?? 0, reason: values.reason },
        { abortEarly: false },
      );
    } catch (err) {
      for (const e of (err as ValidationError).inner) {
        const field = FORM_FIELD[e.path ?? ''];
        if (field && !errors[field]) errors[field] = e.message;
      }
    }
    return errors;
  };

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    const body: StaffCancelRequest = {
      refundPence: penceFromPoundsText(values.refundPounds) ?? 0,
      reason: values.reason.trim(),
    };
    if (
      !window.confirm(
        confirmStaffCancelText({
          randomNumber: record.randomNumber,
          name: record.quote.name,
          refundPence: body.refundPence,
        }),
      )
    )
      return;
    setFailure(null);
    try {
      const cancelled = await onCancel(body);
      onDone(cancelled.cancellation);
    } catch (err) {
      if (!(err instanceof AdminApiError)) return setFailure('The cancellation failed: please try again.');
      setFailure(err.serverMessage ?? `The cancellation failed (HTTP ${err.status}).`);
      const fields = Object.fromEntries(
        Object.entries(err.errors).flatMap(([path, text]) => (FORM_FIELD[path] ? [[FORM_FIELD[path], text]] : [])),
      );
      helpers.setErrors(formikErrors<Values>(fields));
    }
  };

  return (
    <section aria-labelledby="cancel-refund-title" className="admin-amend">
      <h3 id="cancel-refund-title">Cancel with refund</h3>
      <p className="admin-muted">
        The booking is cancelled and the customer and the driver are e-mailed. Refund anything from £0.00 to{' '}
        {formatPence(maxRefundPence)} (everything paid, net of refunds); the customer is told the reason, not who
        cancelled.
      </p>
      <Formik<Values>
        initialValues={{ refundPounds: poundsText(maxRefundPence), reason: '' }}
        validate={validate}
        onSubmit={submit}
        validateOnChange={false}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Cancel with refund" className="admin-amend-form">
            <InputField
              form="cancel"
              name="refundPounds"
              label="Refund (£)"
              inputMode="decimal"
              hint={`From £0.00 to ${formatPence(maxRefundPence)}`}
            />
            <InputField
              form="cancel"
              name="reason"
              label="Reason (the customer reads it)"
              hint={`One line, up to ${STAFF_CANCEL_REASON_MAX} characters`}
            />
            {failure && (
              <p className="admin-form-error" role="alert" data-testid="cancel-error">
                {failure}
              </p>
            )}
            <div className="admin-actions">
              <Button type="submit" area="admin" variant="danger" disabled={isSubmitting}>
                {isSubmitting ? 'Cancelling...' : 'Cancel booking and refund'}
              </Button>
              <Button area="admin" variant="secondary" onClick={onClose} disabled={isSubmitting}>
                Back
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}

/** What the cancellation did, shown in the panel once it went through. */
export function CancelOutcome({ cancellation, record }: { cancellation: StaffCancellation; record: BookingRecord }) {
  return (
    <div className="admin-amend-outcome" role="status" data-testid="cancel-outcome">
      <p>
        <strong>Booking {record.randomNumber} cancelled.</strong> The customer and the driver are e-mailed.
      </p>
      <p>
        {cancellation.refundPence > 0
          ? `${formatPence(cancellation.refundPence)} is being refunded to ${record.quote.name}'s card.`
          : 'Nothing is refunded.'}{' '}
        Reason given: {cancellation.reason}
      </p>
    </div>
  );
}
