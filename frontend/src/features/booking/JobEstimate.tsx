/**
 * The job estimate beside every offer and under the hour select: drive + loading and unloading =
 * the hours that cover the job, the 2-hour minimum in words, and a one-click way to book the
 * suggested hours. The numbers come from the server's quote (or, on the form, from contracts'
 * `estimateJob`, the same function the server uses).
 */
import {
  durationLabel,
  estimateJob,
  estimateLine,
  MINIMUM_CHARGED_HOURS,
  type JobEstimate,
  formatPounds,
} from '@vanhop/contracts';
import { useAppSelector } from '../../store/store';
import './items.css';
import { Button } from '../../ui';

/** "1 h booked, 2 h charged: minimum", or null when the hours booked are what is charged. */
export function minimumChargeNote(bookedHours: number, chargedHours = MINIMUM_CHARGED_HOURS): string | null {
  return bookedHours > 0 && bookedHours < chargedHours
    ? `${durationLabel(bookedHours * 3600)} booked, ${durationLabel(chargedHours * 3600)} charged: minimum`
    : null;
}

interface EstimateProps {
  estimate: JobEstimate;
  /** Hours booked, when chosen. */
  bookedHours?: number;
  /** Hours charged (billable: at least the minimum). */
  chargedHours?: number;
  /** Pounds per half hour beyond the booked time, when priced. */
  overtimePerHalfHour?: number;
  /** Book the suggested hours in one click (absent: the estimate is only shown). */
  onUseHours?: (hours: number) => void;
  compact?: boolean;
}

export function EstimateFacts({
  estimate,
  bookedHours,
  chargedHours,
  overtimePerHalfHour,
  onUseHours,
  compact = false,
}: EstimateProps) {
  const short = bookedHours !== undefined && bookedHours < estimate.suggestedHours;
  const minimum = bookedHours !== undefined ? minimumChargeNote(bookedHours, chargedHours) : null;
  return (
    <div
      className={`job-estimate${short ? ' job-estimate--short' : ''}${compact ? ' job-estimate--compact' : ''}`}
      data-testid="job-estimate"
    >
      <p className="job-estimate-line">
        <strong>Estimate:</strong> {estimateLine(estimate)}
      </p>
      {minimum && <p className="job-estimate-minimum">{minimum}</p>}
      {short && (
        <p className="job-estimate-warning" role="note">
          {durationLabel(bookedHours! * 3600)} booked may not cover the job: time beyond it is paid to the driver on the
          day
          {overtimePerHalfHour !== undefined ? ` at ${formatPounds(overtimePerHalfHour)} per half hour` : ''}.
        </p>
      )}
      {estimate.overLongestBooking && (
        <p className="job-estimate-warning">
          This is more than one day's work: ask Instant Support about splitting it.
        </p>
      )}
      {onUseHours && bookedHours !== estimate.suggestedHours && (
        <Button variant="secondary" className="job-estimate-use" onClick={() => onUseHours(estimate.suggestedHours)}>
          Book {durationLabel(estimate.suggestedHours * 3600)} instead
        </Button>
      )}
    </div>
  );
}

/**
 * Under the hour select: the 2-hour minimum in words and, once the drive is measured (any quote,
 * or a refusal of too few hours), the suggested hours for the move as the form shows it now.
 */
export function HourHelp({
  driveSeconds,
  hour,
  onUseHours,
}: {
  driveSeconds: number | null;
  hour: number | '';
  onUseHours: (hours: number) => void;
}) {
  const vanSize = useAppSelector((s) => s.booking.vanSize);
  const helpLevel = useAppSelector((s) => s.booking.driverHelp);
  const items = useAppSelector((s) => s.booking.items);
  const flights = useAppSelector((s) => s.booking.addresses.map((a) => (a.stair === '' ? 0 : a.stair)).join(','));
  const booked = hour === '' ? undefined : hour;
  const estimate =
    driveSeconds === null
      ? null
      : estimateJob({
          vanSize,
          helpLevel,
          items,
          driveSeconds,
          flights: flights ? flights.split(',').map(Number) : [],
        });
  const minimum = booked !== undefined ? minimumChargeNote(booked) : null;
  return (
    <div className="hour-help">
      <p className="note">
        Moves are charged for at least {MINIMUM_CHARGED_HOURS} hours. Book the driving time plus loading and unloading:
        time beyond the hours booked is paid to the driver on the day.
      </p>
      {estimate ? (
        <EstimateFacts estimate={estimate} bookedHours={booked} onUseHours={onUseHours} compact />
      ) : (
        minimum && <p className="job-estimate-minimum">{minimum}</p>
      )}
    </div>
  );
}
