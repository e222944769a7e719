/**
 * A driver's suspension box on their staff page: a reason, then a confirmation that lists the
 * upcoming jobs suspending takes from them (the fleet service hands each to the next free driver,
 * or back to the office, in the same request, and the driver's portal stops at once); or, once
 * suspended, Reactivate.
 */
import { useState } from 'react';
import { DRIVER_MSG, type DriverAdminView, type JobView } from '@vanhop/contracts';
import { AdminApiError, fetchUpcomingJobs, reactivateDriver, suspendDriver } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { suspendedStatus, suspensionSummary } from './suspension';
import { Button } from '../../../ui';
import { useSubmit } from '../../../lib/useSubmit';
import { FormError } from '../../../ui/fields';

const messageOf = (err: unknown, fallback: string) =>
  err instanceof AdminApiError && err.serverMessage ? err.serverMessage : fallback;

/** The confirmation's list: loaded when staff ask to suspend; null when it could not be. */
type Upcoming = { jobs: JobView[] | null };

export function DriverSuspension({
  driver,
  onChanged,
}: {
  driver: DriverAdminView;
  onChanged: (d: DriverAdminView, status: string) => void;
}) {
  const { token, guard } = useAdminSession();
  const [reason, setReason] = useState('');
  const [upcoming, setUpcoming] = useState<Upcoming | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  const change = useSubmit(
    async (call: () => Promise<DriverAdminView>, status: (d: DriverAdminView) => string) => {
      const d = await guard(call());
      onChanged(d, status(d));
      setReason('');
      setUpcoming(null);
    },
    { failureText: (err) => messageOf(err, 'That did not work. Please try again.') },
  );
  const run = (call: () => Promise<DriverAdminView>, status: (d: DriverAdminView) => string) => {
    setInvalid(null);
    return change.run(call, status);
  };

  const listUpcoming = useSubmit(async (token: string) => {
    try {
      setUpcoming({ jobs: await guard(fetchUpcomingJobs(token, driver.id)) });
    } catch {
      // Staff may still suspend: the server returns the jobs whether or not they were listed here.
      setUpcoming({ jobs: null });
    }
  });

  const busy = change.pending || listUpcoming.pending;
  const problem = invalid ?? change.failure;

  const askToSuspend = async () => {
    const text = reason.trim();
    change.reset();
    if (!text) return setInvalid('Say why the driver is suspended');
    if (text.length > 500) return setInvalid(DRIVER_MSG.reason);
    if (!token) return;
    setInvalid(null);
    await listUpcoming.run(token);
  };

  if (!token) return null;
  const listed = (upcoming?.jobs?.length ?? 0) > 0;
  return (
    <section className="admin-card" aria-labelledby="driver-suspension-title">
      <h2 id="driver-suspension-title">{driver.active ? 'Suspend this driver' : 'Suspended'}</h2>
      {driver.active ? (
        <>
          <p className="admin-muted">
            A suspended driver is offered no jobs and cannot sign in to the driver portal. Their upcoming jobs go to the
            next free driver, or back to the office to reassign when nobody is free.
          </p>
          <div className="vh-field">
            <label htmlFor="driver-suspend-reason">Reason for suspending</label>
            <textarea
              id="driver-suspend-reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setUpcoming(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'driver-suspend-problem' : undefined}
            />
          </div>
          {!upcoming ? (
            <div className="admin-actions">
              <Button area="admin" variant="danger" disabled={busy} onClick={() => void askToSuspend()}>
                Suspend
              </Button>
            </div>
          ) : (
            // biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring its own border, padding and min-width.
            <div className="driver-confirm" role="group" aria-label="Confirm suspension">
              <p data-testid="suspension-summary">{suspensionSummary(driver.name, upcoming.jobs)}</p>
              <p>
                They will not be offered jobs until reactivated. Each customer is e-mailed their new driver, or told the
                office is finding one.
              </p>
              <div className="admin-actions">
                <Button
                  area="admin"
                  variant="danger"
                  disabled={busy}
                  onClick={() =>
                    void run(
                      () => suspendDriver(token, driver.id, reason.trim()),
                      () => suspendedStatus(listed),
                    )
                  }
                >
                  Confirm suspension
                </Button>
                <Button area="admin" variant="secondary" onClick={() => setUpcoming(null)}>
                  Cancel
                </Button>
              </div>
            </div>
          )}
        </>
      ) : (
        <>
          <p>{driver.name} is suspended: offered no jobs and signed out of the driver portal.</p>
          <Button
            area="admin"
            disabled={busy}
            onClick={() =>
              void run(
                () => reactivateDriver(token, driver.id),
                () => 'Driver reactivated',
              )
            }
          >
            Reactivate
          </Button>
        </>
      )}
      <FormError error={problem} compact id="driver-suspend-problem" />
    </section>
  );
}
