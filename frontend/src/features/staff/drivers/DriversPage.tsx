/**
 * /admin/drivers: the drivers (suspended ones too) a page at a time by name, found on the server by
 * the start of a name or base postcode and by standing, with their driver-portal account status, and
 * the paid jobs that came back to the office because their driver declined them or did not answer.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DriverAdminView, StaffDriverStatus } from '@vanhop/contracts';
import { useAdminSession } from '../admin/session';
import { countLine } from './driver-summary';
import { DriversTable } from './DriversTable';
import { ReturnedJobs } from './ReturnedJobs';
import { CommissionRate } from './DriverEarnings';
import './drivers.css';
import { Button } from '../../../ui';
import { ADMIN_NEW_DRIVER_PATH } from '../../../lib/area-paths';
import {
  type DriverSearch,
  useDriverPages,
  useDriverStandings,
  useOtherDriverNames,
  useOwnRatings,
  useReturnedJobPages,
} from './drivers-page-data';

/** Find drivers by the start of a name or base postcode, and by standing. */
function DriverSearchForm({ onFind }: { onFind: (search: DriverSearch) => void }) {
  /** The search as typed (sent with Find). */
  const [text, setText] = useState('');
  const [status, setStatus] = useState<StaffDriverStatus | ''>('');
  const find = (e: FormEvent) => {
    e.preventDefault();
    onFind({ q: text.trim(), status });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form in the search landmark; the <search> element is newer than some browsers staff use.
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
  );
}

/** The title with how many drivers are listed, and Add driver. */
function DriversTitle({
  drivers,
  more,
  onAdd,
}: {
  drivers: DriverAdminView[] | null;
  more: boolean;
  onAdd: () => void;
}) {
  return (
    <div className="drivers-title">
      <div>
        <h1>Drivers</h1>
        {drivers && drivers.length > 0 && (
          <p className="drivers-count admin-muted" data-testid="drivers-count">
            {more ? `The first ${drivers.length} by name` : countLine(drivers)}
          </p>
        )}
      </div>
      <Button area="admin" onClick={onAdd}>
        Add driver
      </Button>
    </div>
  );
}

/** A failed read, and Try again. */
function ReadFailure({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div role="alert" className="vh-form-error">
      <p>{error}</p>
      <Button area="admin" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function DriversPage() {
  const { token, guard } = useAdminSession();
  const navigate = useNavigate();
  /** The search as last sent to the server. */
  const [search, setSearch] = useState<DriverSearch>({ q: '', status: '' });
  const { drivers, next, moreLoading, error, clearError, readDrivers, more } = useDriverPages(token, guard, search);
  const { accountsFailed, accountOf, documentOf, askAgain } = useDriverStandings(token, guard, drivers);
  const { jobs, jobsError, jobsNext, jobsMoreLoading, readJobs, moreJobs } = useReturnedJobPages(token, guard);

  const load = useCallback(async () => {
    if (!token) return;
    clearError();
    askAgain();
    await readJobs();
  }, [token, clearError, askAgain, readJobs]);

  useEffect(() => {
    void load();
  }, [load]);

  const ownRatings = useOwnRatings(drivers);
  const otherNames = useOtherDriverNames(token, guard, jobs, drivers);
  const nameOf = (id: string) => drivers?.find((d) => d.id === id)?.name ?? otherNames.get(id);
  const searching = search.q !== '' || search.status !== '';

  return (
    <div className="drivers-page">
      <DriversTitle drivers={drivers} more={next !== null} onAdd={() => navigate(ADMIN_NEW_DRIVER_PATH)} />
      {error && (
        <ReadFailure
          error={error}
          onRetry={() => {
            void readDrivers();
            void load();
          }}
        />
      )}
      {accountsFailed && (
        <p className="admin-muted">The portal account service did not answer: account status is unknown for now.</p>
      )}
      <DriverSearchForm onFind={setSearch} />
      {!drivers ? (
        !error && <p>Loading...</p>
      ) : drivers.length === 0 ? (
        <p className="admin-muted">{searching ? 'No driver matches that search.' : 'No drivers yet.'}</p>
      ) : (
        <>
          <DriversTable drivers={drivers} accountOf={accountOf} ownRatings={ownRatings} documentsOf={documentOf} />
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
