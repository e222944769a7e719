/**
 * /admin/drivers: the drivers (suspended ones too) a page at a time by name, found on the server by
 * the start of a name or base postcode and by standing, with their driver-portal account status, and
 * the paid jobs that came back to the office because their driver declined them or did not answer.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type {
  DriverAccountStatus,
  DriverAdminView,
  DriverDocumentsView,
  DriverRatings,
  JobView,
  StaffDriverStatus,
} from '@vanhop/contracts';
import { STAFF_IDS_MAX } from '@vanhop/contracts';
import {
  fetchAllDriverDocuments,
  fetchDriver,
  fetchDriverAccounts,
  fetchDriverPage,
  fetchReturnedJobPage,
} from '../admin/api';
import { useAdminSession } from '../admin/session';
import { countLine } from './driver-summary';
import { DriversTable } from './DriversTable';
import { ReturnedJobs } from './ReturnedJobs';
import { CommissionRate } from './DriverEarnings';
import './drivers.css';
import { fetchDriverRatings } from '../../../api/driverRatings';
import { Button } from '../../../ui';
import { ADMIN_NEW_DRIVER_PATH } from '../../../lib/area-paths';

export function DriversPage() {
  const { token, guard } = useAdminSession();
  const navigate = useNavigate();
  const [drivers, setDrivers] = useState<DriverAdminView[] | null>(null);
  /** The next page's cursor (null: all of this search is shown). */
  const [next, setNext] = useState<string | null>(null);
  const [moreLoading, setMoreLoading] = useState(false);
  /** The search as typed, and as last sent to the server. */
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StaffDriverStatus | ''>('');
  const [search, setSearch] = useState<{ q: string; status: StaffDriverStatus | '' }>({ q: '', status: '' });
  /** Names of drivers with a job back with the office who are not on the page shown. */
  const [otherNames, setOtherNames] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  /** Portal account status of the drivers shown, by id (absent: still loading); read for each page as it is shown. */
  const [accounts, setAccounts] = useState<Map<string, DriverAccountStatus | 'none'>>(new Map());
  /** The account service did not answer: account status is unknown for now. */
  const [accountsFailed, setAccountsFailed] = useState(false);
  /** Drivers whose account and documents were asked for already (each page's drivers once). */
  const asked = useRef(new Set<string>());
  const [jobs, setJobs] = useState<JobView[] | null>(null);
  const [jobsError, setJobsError] = useState<string | null>(null);
  const [jobsNext, setJobsNext] = useState<string | null>(null);
  const [jobsMoreLoading, setJobsMoreLoading] = useState(false);
  /** VanHop's own approved reviews per driver: the list shows the rating customers see (combined). */
  const [ownRatings, setOwnRatings] = useState<DriverRatings>({});
  /** Insurance and licence standing per driver (the expired / expiring badges); empty when it could not be read. */
  const [documents, setDocuments] = useState<Map<string, DriverDocumentsView>>(new Map());

  const readDrivers = useCallback(async () => {
    if (!token) return;
    setError(null);
    await guard(fetchDriverPage(token, search))
      .then((page) => {
        setDrivers(Array.isArray(page.items) ? page.items : []);
        setNext(page.next ?? null);
      })
      .catch(() => setError('The drivers could not be loaded.'));
  }, [token, guard, search]);

  useEffect(() => {
    void readDrivers();
  }, [readDrivers]);

  const more = async () => {
    if (!token || !next) return;
    setMoreLoading(true);
    await guard(fetchDriverPage(token, { ...search, after: next }))
      .then((page) => {
        setDrivers((shown) => [...(shown ?? []), ...page.items]);
        setNext(page.next ?? null);
      })
      .catch(() => setError('The drivers could not be loaded.'))
      .finally(() => setMoreLoading(false));
  };

  const moreJobs = async () => {
    if (!token || !jobsNext) return;
    setJobsMoreLoading(true);
    await guard(fetchReturnedJobPage(token, jobsNext))
      .then((page) => {
        setJobs((shown) => [...(shown ?? []), ...page.items]);
        setJobsNext(page.next ?? null);
      })
      .catch(() => setJobsError('The returned jobs could not be loaded.'))
      .finally(() => setJobsMoreLoading(false));
  };

  const find = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ q: text.trim(), status });
  };

  // The portal accounts and documents of the drivers shown, a page's worth at a time: never the whole fleet.
  useEffect(() => {
    if (!token || !drivers) return;
    const ids = drivers.map((d) => d.id).filter((id) => !asked.current.has(id));
    for (let i = 0; i < ids.length; i += STAFF_IDS_MAX) {
      const chunk = ids.slice(i, i + STAFF_IDS_MAX);
      for (const id of chunk) asked.current.add(id);
      void guard(fetchDriverAccounts(token, chunk))
        .then((rows) =>
          setAccounts((known) => {
            const next = new Map(known);
            for (const id of chunk) next.set(id, 'none');
            for (const r of Array.isArray(rows) ? rows : []) next.set(r.driverId, r.status);
            return next;
          }),
        )
        .catch(() => setAccountsFailed(true));
      // Without them the list shows no document badges for these drivers.
      void guard(fetchAllDriverDocuments(token, chunk))
        .then((rows) =>
          setDocuments((known) => {
            const next = new Map(known);
            for (const r of Array.isArray(rows) ? rows : []) next.set(r.driverId, r);
            return next;
          }),
        )
        .catch(() => undefined);
    }
  }, [token, guard, drivers]);

  const load = useCallback(async () => {
    if (!token) return;
    setError(null);
    // A retry asks again for the accounts and documents of the drivers it shows.
    asked.current.clear();
    setAccountsFailed(false);
    await Promise.all([
      // The first page of them, soonest move first; "Show more jobs" reads the next.
      guard(fetchReturnedJobPage(token))
        .then((page) => {
          setJobs(Array.isArray(page.items) ? page.items : []);
          setJobsNext(page.next ?? null);
          setJobsError(null);
        })
        .catch(() => setJobsError('The returned jobs could not be loaded.')),
    ]);
  }, [token, guard]);

  useEffect(() => {
    void load();
  }, [load]);

  // VanHop's own reviews of the drivers listed (asked for by id, never the whole fleet); without
  // them the list still shows the rating the driver came with.
  const listedIds = (drivers ?? []).map((d) => d.id).join(',');
  useEffect(() => {
    if (!listedIds) return;
    fetchDriverRatings(listedIds.split(','))
      .then(setOwnRatings)
      .catch(() => setOwnRatings({}));
  }, [listedIds]);

  // A job back with the office names its driver even when they are not on the page shown.
  useEffect(() => {
    if (!token || !jobs || !drivers) return;
    const missing = [...new Set(jobs.map((j) => j.driverId))].filter(
      (id) => !drivers.some((d) => d.id === id) && !otherNames.has(id),
    );
    for (const id of missing)
      void guard(fetchDriver(token, id))
        .then((d) => setOtherNames((names) => new Map(names).set(id, d.name)))
        .catch(() => undefined);
  }, [token, guard, jobs, drivers, otherNames]);

  const accountOf = (id: string): string => (accountsFailed ? 'unknown' : (accounts.get(id) ?? '…'));
  const nameOf = (id: string) => drivers?.find((d) => d.id === id)?.name ?? otherNames.get(id);
  const searching = search.q !== '' || search.status !== '';

  return (
    <div className="drivers-page">
      <div className="drivers-title">
        <div>
          <h1>Drivers</h1>
          {drivers && drivers.length > 0 && (
            <p className="drivers-count admin-muted" data-testid="drivers-count">
              {next ? `The first ${drivers.length} by name` : countLine(drivers)}
            </p>
          )}
        </div>
        <Button area="admin" onClick={() => navigate(ADMIN_NEW_DRIVER_PATH)}>
          Add driver
        </Button>
      </div>
      {error && (
        <div role="alert" className="vh-form-error">
          <p>{error}</p>
          <Button
            area="admin"
            variant="secondary"
            onClick={() => {
              void readDrivers();
              void load();
            }}
          >
            Try again
          </Button>
        </div>
      )}
      {accountsFailed && (
        <p className="admin-muted">The portal account service did not answer: account status is unknown for now.</p>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a form in the search landmark; the <search> element is newer than some browsers staff use. */}
      <form className="drivers-search" role="search" aria-label="Find a driver" onSubmit={find}>
        <label>
          Name or postcode
          <input
            type="search"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.target.value)}
            placeholder="e.g. Hassan or NW2"
          />
        </label>
        <label>
          Standing
          <select value={status} onChange={(e) => setStatus(e.target.value as StaffDriverStatus | '')}>
            <option value="">All drivers</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </label>
        <Button area="admin" type="submit" variant="secondary">
          Find
        </Button>
      </form>
      {!drivers ? (
        !error && <p>Loading...</p>
      ) : drivers.length === 0 ? (
        <p className="admin-muted">{searching ? 'No driver matches that search.' : 'No drivers yet.'}</p>
      ) : (
        <>
          <DriversTable
            drivers={drivers}
            accountOf={accountOf}
            ownRatings={ownRatings}
            documentsOf={(id) => documents.get(id)}
          />
          {next && (
            <Button area="admin" variant="secondary" disabled={moreLoading} onClick={() => void more()}>
              {moreLoading ? 'Loading...' : 'Show more drivers'}
            </Button>
          )}
        </>
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
      {jobsNext && (
        <Button area="admin" variant="secondary" disabled={jobsMoreLoading} onClick={() => void moreJobs()}>
          {jobsMoreLoading ? 'Loading...' : 'Show more jobs'}
        </Button>
      )}
    </div>
  );
}
