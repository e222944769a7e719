/**
 * /admin/drivers: every driver (suspended ones too) with their driver-portal account status, and the
 * paid jobs that came back to the office because their driver declined them or did not answer.
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type {
  DriverAccountStatus,
  DriverAdminView,
  DriverDocumentsView,
  DriverRatings,
  JobView,
} from '@vanhop/contracts';
import { fetchAllDriverDocuments, fetchDriverAccounts, fetchDrivers, fetchReturnedJobs } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { countLine } from './driver-summary';
import { DriversTable } from './DriversTable';
import { ReturnedJobs } from './ReturnedJobs';
import { CommissionRate } from './DriverEarnings';
import './drivers.css';
import { fetchDriverRatings } from '../../../api/driverRatings';
import { Button } from '../../../ui';
import { ADMIN_NEW_DRIVER_PATH } from '../../../app/area-paths';

export function DriversPage() {
  const { token, guard } = useAdminSession();
  const navigate = useNavigate();
  const [drivers, setDrivers] = useState<DriverAdminView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Portal account status by driver id; null while loading, 'failed' when the account service did not answer. */
  const [accounts, setAccounts] = useState<Map<string, DriverAccountStatus> | 'failed' | null>(null);
  const [jobs, setJobs] = useState<JobView[] | null>(null);
  const [jobsError, setJobsError] = useState<string | null>(null);
  /** VanHop's own approved reviews per driver: the list shows the rating customers see (combined). */
  const [ownRatings, setOwnRatings] = useState<DriverRatings>({});
  /** Insurance and licence standing per driver (the expired / expiring badges); empty when it could not be read. */
  const [documents, setDocuments] = useState<Map<string, DriverDocumentsView>>(new Map());

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
      // Without them the list still shows the rating the driver came with.
      fetchDriverRatings()
        .then(setOwnRatings)
        .catch(() => setOwnRatings({})),
      guard(fetchAllDriverDocuments(token))
        .then((rows) => setDocuments(new Map((Array.isArray(rows) ? rows : []).map((r) => [r.driverId, r]))))
        .catch(() => setDocuments(new Map())),
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

  const accountOf = (id: string): string =>
    accounts === null ? '…' : accounts === 'failed' ? 'unknown' : (accounts.get(id) ?? 'none');
  const nameOf = (id: string) => drivers?.find((d) => d.id === id)?.name;

  return (
    <div className="drivers-page">
      <div className="drivers-title">
        <div>
          <h1>Drivers</h1>
          {drivers && drivers.length > 0 && <p className="drivers-count admin-muted">{countLine(drivers)}</p>}
        </div>
        <Button area="admin" onClick={() => navigate(ADMIN_NEW_DRIVER_PATH)}>
          Add driver
        </Button>
      </div>
      {error && (
        <div role="alert" className="vh-form-error">
          <p>{error}</p>
          <Button area="admin" variant="secondary" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      )}
      {accounts === 'failed' && (
        <p className="admin-muted">The portal account service did not answer: account status is unknown for now.</p>
      )}
      {!drivers ? (
        !error && <p>Loading...</p>
      ) : drivers.length === 0 ? (
        <p className="admin-muted">No drivers yet.</p>
      ) : (
        <DriversTable
          drivers={drivers}
          accountOf={accountOf}
          ownRatings={ownRatings}
          documentsOf={(id) => documents.get(id)}
        />
      )}

      <ReturnedJobs
        jobs={jobs}
        error={jobsError}
        nameOf={nameOf}
        token={token}
        guard={guard}
        onChanged={() => void load()}
      />

      <section className="admin-card" aria-labelledby="drivers-commission-title" data-testid="drivers-commission">
        <h2 id="drivers-commission-title">Commission</h2>
        <CommissionRate />
      </section>
    </div>
  );
}
