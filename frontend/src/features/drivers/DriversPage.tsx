/**
 * /admin/drivers: every driver (suspended ones too) with their driver-portal account status, and the
 * paid jobs that came back to the office because their driver declined them or did not answer.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DriverAccountStatus, DriverAdminView, JobView } from '@vanhop/contracts';
import { fetchDriverAccounts, fetchDrivers, fetchReturnedJobs } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { initials, londonDateTime } from './format';
import './drivers.css';

const RETURNED_WORDS: Record<'declined' | 'expired', string> = { declined: 'Declined by the driver', expired: 'Not answered in time' };

function DriverPhoto({ driver }: { driver: DriverAdminView }) {
  return driver.photoUrl ? (
    <img className="driver-avatar" src={driver.photoUrl} alt={`Photo of ${driver.name}`} width={40} height={40} loading="lazy" />
  ) : (
    <span className="driver-avatar driver-initials" role="img" aria-label={`No photo of ${driver.name}`}>
      <span aria-hidden="true">{initials(driver.name)}</span>
    </span>
  );
}

export function DriversPage() {
  const { token, guard } = useAdminSession();
  const navigate = useNavigate();
  const [drivers, setDrivers] = useState<DriverAdminView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Portal account status by driver id; null while loading, 'failed' when the account service did not answer. */
  const [accounts, setAccounts] = useState<Map<string, DriverAccountStatus> | 'failed' | null>(null);
  const [jobs, setJobs] = useState<JobView[] | null>(null);
  const [jobsError, setJobsError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!token) return;
    setError(null);
    await Promise.all([
      guard(fetchDrivers(token))
        .then((list) => setDrivers(Array.isArray(list) ? list : []))
        .catch(() => setError('The drivers could not be loaded.')),
      guard(fetchDriverAccounts(token))
        .then((rows) => setAccounts(new Map(rows.map((r) => [r.driverId, r.status]))))
        .catch(() => setAccounts('failed')),
      guard(fetchReturnedJobs(token))
        .then((list) => {
          setJobs(Array.isArray(list) ? list : []);
          setJobsError(null);
        })
        .catch(() => setJobsError('The returned jobs could not be loaded.')),
    ]);
  }, [token, guard]);

  useEffect(() => {
    void load();
  }, [load]);

  const accountOf = (id: string): string => (accounts === null ? '…' : accounts === 'failed' ? 'unknown' : (accounts.get(id) ?? 'none'));
  const nameOf = (id: string) => drivers?.find((d) => d.id === id)?.name;

  return (
    <div className="drivers-page">
      <div className="drivers-title">
        <h1>Drivers</h1>
        <button type="button" className="admin-button" onClick={() => navigate('/admin/drivers/new')}>
          Add driver
        </button>
      </div>
      {error && (
        <div role="alert" className="vh-form-error">
          <p>{error}</p>
          <button type="button" className="admin-button secondary" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {accounts === 'failed' && <p className="admin-muted">The portal account service did not answer: account status is unknown for now.</p>}
      {!drivers ? (
        !error && <p>Loading...</p>
      ) : drivers.length === 0 ? (
        <p className="admin-muted">No drivers yet.</p>
      ) : (
        <div className="drivers-table-wrap">
          <table className="drivers-table">
            <caption className="visually-hidden">All drivers</caption>
            <thead>
              <tr>
                <th scope="col">Photo</th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Phone</th>
                <th scope="col">Vans</th>
                <th scope="col">Help levels</th>
                <th scope="col">Base</th>
                <th scope="col">Rating</th>
                <th scope="col">Status</th>
                <th scope="col">Portal account</th>
                <th scope="col">
                  <span className="visually-hidden">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {drivers.map((d) => (
                <tr key={d.id} data-testid="driver-row" className={d.active ? undefined : 'is-suspended'}>
                  <td>
                    <DriverPhoto driver={d} />
                  </td>
                  <th scope="row">{d.name}</th>
                  <td>{d.email}</td>
                  <td>{d.phone}</td>
                  <td>{d.vanSizes.join(', ')}</td>
                  <td>{d.helpLevels.join(', ')}</td>
                  <td>
                    {d.basePostcode} + {d.serviceRadiusMiles} mi
                  </td>
                  <td>{d.reviewCount > 0 ? `${d.rating.toFixed(1)} (${d.reviewCount})` : 'No reviews'}</td>
                  <td>
                    <span className={`admin-badge ${d.active ? 'paid' : 'cancelled'}`}>{d.active ? 'Active' : 'Suspended'}</span>
                  </td>
                  <td data-testid="account-status">{accountOf(d.id)}</td>
                  <td>
                    <Link to={`/admin/drivers/${encodeURIComponent(d.id)}`} aria-label={`Edit ${d.name}`}>
                      Edit
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <section className="admin-card drivers-returned" aria-labelledby="drivers-returned-title">
        <h2 id="drivers-returned-title">Jobs back with the office</h2>
        {jobsError && <p role="alert">{jobsError}</p>}
        {!jobs ? (
          !jobsError && <p>Loading...</p>
        ) : jobs.length === 0 ? (
          <p className="admin-muted">No jobs are waiting for the office.</p>
        ) : (
          <div className="drivers-table-wrap">
            <table className="drivers-table">
              <thead>
                <tr>
                  <th scope="col">Booking</th>
                  <th scope="col">Move date</th>
                  <th scope="col">Driver</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((j) => (
                  <tr key={j.bookingId} data-testid="returned-job">
                    <th scope="row">{j.randomNumber}</th>
                    <td>{londonDateTime(j.move.date)}</td>
                    <td>
                      {nameOf(j.driverId) ? `${nameOf(j.driverId)} (${j.driverId})` : j.driverId}
                    </td>
                    <td>{j.returnedBecause ? RETURNED_WORDS[j.returnedBecause] : 'Returned'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
