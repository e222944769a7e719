import { useRef, useState, type ReactNode } from 'react';
import { useDialogFocus } from '../../../ui/useDialogFocus';
import {
  deleteRefusal,
  PAYMENT_STATUS_TEXT,
  staffCancelTerms,
  type AmendBookingRequest,
  type BookingRecord,
  type StaffCancellation,
  type StaffCancelRequest,
  formatPence,
} from '@vanhop/contracts';
import type { AmendedRecord, StaffCancelledRecord } from './api';
import { AmendBooking } from './AmendBooking';
import { RecordHistory } from './RecordHistory';
import { JobProof } from './JobProof';
import { DayOfMove } from './DayOfMove';
import { RecordReassign } from './RecordReassign';
import { RecordSupportChats } from './RecordSupportChats';
import { RecordJobConflicts } from './RecordJobConflicts';
import { jobStatusOf } from './job-status';
import './search.css';
import { CancelOutcome, CancelWithRefund } from './CancelWithRefund';
import { staffFactsOf } from './money-taken';
import {
  bookedHoursLabel,
  durationLabel,
  formatLondonDate,
  formatPounds,
  lifecycleBadges,
  lifecycleOf,
  pricePerHalfHour,
  recordDate,
  routeOf,
  stairLabel,
  stateLabel,
  telHref,
} from './records';
import { Button } from '../../../ui';

interface RecordDetailProps {
  record: BookingRecord;
  onClose: () => void;
  onRequestReview: () => void;
  onDelete: () => void;
  onAmend: (body: AmendBookingRequest) => Promise<AmendedRecord>;
  /** Cancels a booking that took money with the refund staff chose (such a booking is never deleted). */
  onStaffCancel: (body: StaffCancelRequest) => Promise<StaffCancelledRecord>;
  busy: boolean;
  /** A failed review or delete, shown in the panel. */
  error: string | null;
}

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="admin-row">
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
);

/**
 * Everything about one record, over the dashboard; closed by its X button or Escape (not by a
 * click outside, so a stray click never loses the panel). Unpaid quotations get their own style.
 */
export function RecordDetail({
  record,
  onClose,
  onRequestReview,
  onDelete,
  onAmend,
  onStaffCancel,
  busy,
  error,
}: RecordDetailProps) {
  const box = useRef<HTMLDivElement>(null);
  const close = useDialogFocus(box, onClose);
  const [cancelling, setCancelling] = useState(false);
  const [cancelled, setCancelled] = useState<StaffCancellation | null>(null);

  const q = record.quote;
  const route = routeOf(record);
  const perHalfHour = pricePerHalfHour(q.totalPrice, q.totalSecond);
  const unpaid = record.paymentStatus === 'unpaid';
  // In words ('30 % deposit paid'), never the stored value ('30percentage').
  const paymentWords = PAYMENT_STATUS_TEXT[record.paymentStatus] ?? record.paymentStatus;
  const life = lifecycleOf(record);
  const badges = lifecycleBadges(record);
  const stamp = (iso: string | null) =>
    iso && !Number.isNaN(Date.parse(iso)) ? formatLondonDate(new Date(iso)) : null;
  // Only a quotation that took nothing is deleted; one that took money is cancelled with its refund.
  const facts = staffFactsOf(record);
  const deleteRefused = deleteRefusal(facts);
  const cancelTerms = staffCancelTerms(facts);
  const byStaff = (record as { staffCancellation?: { by: string; reason: string } | null }).staffCancellation;

  return (
    <div className="admin-overlay">
      <div
        ref={box}
        className={`admin-detail ${unpaid ? 'admin-detail--unpaid' : 'admin-detail--paid'}`}
        role="dialog"
        aria-modal="true"
        aria-label={`Record ${record.randomNumber}`}
        tabIndex={-1}
      >
        <div className="admin-detail-head">
          <h2>
            {unpaid ? 'Quotation' : 'Job'} {record.randomNumber}
            <span className={`admin-badge ${unpaid ? 'unpaid' : 'paid'}`}>{unpaid ? 'Unpaid' : paymentWords}</span>
            {badges.map((b) => (
              <span key={b.tone} className={`admin-badge ${b.tone}`}>
                {b.label}
              </span>
            ))}
          </h2>
          <Button className="admin-close" aria-label="Close" onClick={() => close()}>
            X
          </Button>
        </div>

        <section aria-label="Trip Details">
          <h3>Trip Details</h3>
          <dl>
            <Row label="Date">{formatLondonDate(recordDate(record))}</Row>
            <Row label="Pickup">{route.pickup}</Row>
            <Row label="Pickup stair">{stairLabel(q.pickupStair)}</Row>
            <Row label="Drop-off">{route.dropoff}</Row>
            <Row label="Drop-off stair">{stairLabel(q.deliveryStair)}</Row>
            <Row label="Via stop">{route.via.length > 0 ? 'Yes' : 'No'}</Row>
            {route.via.map((stop, i) => (
              <Row key={stop.id} label={`Via stop ${i + 1}`}>
                {stop.address} ({stairLabel(stop.flights)})
              </Row>
            ))}
            <Row label="Miles">{Number.isFinite(q.travelMiles) ? q.travelMiles.toFixed(1) : 'Not given'}</Row>
            <Row label="Travel hour">{durationLabel(q.travelHour)}</Row>
            <Row label="Description">{q.description || 'None'}</Row>
          </dl>
        </section>

        <section aria-label="Customer Details">
          <h3>Customer Details</h3>
          <dl>
            <Row label="Name">{q.name}</Row>
            <Row label="E-mail">{q.email}</Row>
            <Row label="Phone">
              <a href={telHref(q.phone)}>{q.phone}</a>
            </Row>
          </dl>
        </section>

        <section aria-label="Price Details">
          <h3>Price Details</h3>
          <dl>
            <Row label="Payment status">{paymentWords}</Row>
            <Row label="Price per half hour">{perHalfHour === null ? 'Not given' : formatPounds(perHalfHour)}</Row>
            {/* What the customer was told each half hour beyond the booked time costs (the driver's rate). */}
            {typeof q.overtimePerHalfHour === 'number' && (
              <Row label="Overtime per half hour (as quoted)">{formatPounds(q.overtimePerHalfHour)}</Row>
            )}
            <Row label="Booked hours">{bookedHoursLabel(q.totalHour)}</Row>
            <Row label="Van type">{q.typeofVan}</Row>
            <Row label="Worker type">{q.typeOfWorker}</Row>
            <Row label="Total price">{formatPounds(q.totalPrice)}</Row>
            {typeof record.OutstandingBalance === 'number' && (
              <Row label="Outstanding balance">{formatPounds(record.OutstandingBalance)}</Row>
            )}
            {record.driver && <Row label="Driver">{record.driver.name}</Row>}
            {!unpaid && (
              <Row label="Job status">
                <span className={`admin-job-status is-${jobStatusOf(record).tone}`} data-testid="detail-job-status">
                  {jobStatusOf(record).label}
                </span>
              </Row>
            )}
          </dl>
        </section>

        {/* an unpaid quotation has no life after booking yet: nothing to say */}
        {(!unpaid || life.state !== 'active' || life.refundedPence > 0) && (
          <section aria-label="Booking state">
            <h3>Booking state</h3>
            <dl>
              <Row label="State">{stateLabel(life.state)}</Row>
              <Row label="Refunded">{formatPence(life.refundedPence)}</Row>
              {stamp(life.cancelledAt) && <Row label="Cancelled on">{stamp(life.cancelledAt)}</Row>}
              {stamp(life.frozenAt) && <Row label="Postponed on">{stamp(life.frozenAt)}</Row>}
              {byStaff && (
                <Row label="Cancelled by">
                  {byStaff.by} (staff): {byStaff.reason}
                </Row>
              )}
            </dl>
          </section>
        )}

        <RecordHistory record={record} />
        <DayOfMove record={record} />
        {typeof (record as { jobDoneAt?: unknown }).jobDoneAt === 'string' && <JobProof bookingId={record._id} />}

        {!unpaid && <RecordJobConflicts record={record} />}
        <RecordSupportChats bookingId={record._id} />
        {!unpaid && <RecordReassign record={record} />}
        {!unpaid && <AmendBooking record={record} onAmend={onAmend} />}

        <div className="admin-actions">
          {!record.reviewRequest && (
            <Button area="admin" onClick={onRequestReview} disabled={busy}>
              Request Review
            </Button>
          )}
          {deleteRefused === null ? (
            <Button area="admin" variant="danger" onClick={onDelete} disabled={busy}>
              Delete
            </Button>
          ) : (
            cancelTerms.allowed &&
            !cancelling && (
              <Button area="admin" variant="danger" onClick={() => setCancelling(true)} disabled={busy}>
                Cancel with refund
              </Button>
            )
          )}
        </div>
        {deleteRefused !== null && !cancelTerms.allowed && !cancelled && (
          <p className="admin-muted" data-testid="delete-refused">
            {deleteRefused}
          </p>
        )}
        {cancelled && <CancelOutcome cancellation={cancelled} record={record} />}
        {cancelling && cancelTerms.allowed && (
          <CancelWithRefund
            record={record}
            maxRefundPence={cancelTerms.maxRefundPence}
            onCancel={onStaffCancel}
            onDone={(c) => {
              setCancelling(false);
              setCancelled(c);
            }}
            onClose={() => setCancelling(false)}
          />
        )}
        {error && (
          <p className="admin-form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
