/**
 * The warning shown before hours are saved that would leave out jobs the driver has (a day off over
 * an accepted move): they may keep editing, or save anyway, knowing the office is told.
 */
import type { JobOutsideHours } from '@vanhop/contracts';
import { londonDateTime } from '../../lib/format';
import { Button } from '../../ui';

export function AvailabilityLeavesOut({
  jobs,
  busy,
  onSaveAnyway,
  onKeepEditing,
}: {
  jobs: JobOutsideHours[];
  busy: boolean;
  onSaveAnyway: () => void;
  onKeepEditing: () => void;
}) {
  const one = jobs.length === 1;
  return (
    <div role="alert" className="portal-note" data-testid="hours-leave-out-jobs">
      <p>
        <strong>Not saved yet:</strong> these hours leave out {one ? 'a job you have' : 'jobs you have'}. If you save
        them, the office is told and may give {one ? 'it' : 'them'} to another driver.
      </p>
      <ul>
        {jobs.map((j) => (
          <li key={j.bookingId}>
            Booking {j.randomNumber} on {londonDateTime(j.date)}
          </li>
        ))}
      </ul>
      <div className="portal-actions">
        <Button type="button" area="portal" disabled={busy} onClick={onKeepEditing}>
          Keep editing
        </Button>
        <Button type="button" area="portal" variant="secondary" disabled={busy} onClick={onSaveAnyway}>
          Save anyway
        </Button>
      </div>
    </div>
  );
}
