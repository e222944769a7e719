/** The paid jobs that came back to the office because their driver declined them or did not answer. */
import type { JobView } from '@vanhop/contracts';
import { londonDateTime } from './format';

const RETURNED_WORDS: Record<'declined' | 'expired', string> = { declined: 'Declined by the driver', expired: 'Not answered in time' };

export function ReturnedJobs({ jobs, error, nameOf }: { jobs: JobView[] | null; error: string | null; nameOf: (driverId: string) => string | undefined }) {
  return (
    <section className="admin-card drivers-returned" aria-labelledby="drivers-returned-title">
      <h2 id="drivers-returned-title">Jobs back with the office</h2>
      {error && <p role="alert">{error}</p>}
      {!jobs ? (
        !error && <p>Loading...</p>
      ) : jobs.length === 0 ? (
        <p className="admin-muted">No jobs are waiting for the office.</p>
      ) : (
        <div className="drivers-table-wrap">
          <table className="drivers-table drivers-table--stack">
            <thead>
              <tr>
                <th scope="col">Booking</th>
                <th scope="col">Move date</th>
                <th scope="col">Driver</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => {
                const name = nameOf(j.driverId);
                return (
                  <tr key={j.bookingId} data-testid="returned-job">
                    <th scope="row">{j.randomNumber}</th>
                    <td data-label="Move date">{londonDateTime(j.move.date)}</td>
                    <td data-label="Driver" className="drivers-table-id">
                      {name ? `${name} (${j.driverId})` : j.driverId}
                    </td>
                    <td data-label="Why">{j.returnedBecause ? RETURNED_WORDS[j.returnedBecause] : 'Returned'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
