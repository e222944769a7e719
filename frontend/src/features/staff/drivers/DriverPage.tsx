/**
 * /admin/drivers/:id: one driver's form, and their driver-portal account (invitation), suspension,
 * calendar, earnings, documents and the audit log of every change. /admin/drivers/new is NewDriverPage.
 */
import { useCallback, useEffect, useReducer } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { DriverAdminView } from '@vanhop/contracts';
import { AdminApiError, fetchDriver, fetchDriverAccounts, fetchDriverAudit, updateDriver } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { StatusLine } from '../../../ui/fields';
import { initials } from '../../../lib/format';
import { DriverForm } from './DriverForm';
import { driverFormBody, driverToForm, type DriverFormValues } from './driver-form';
import { DRIVERS_LIST, driverPageReducer, initialDriverPage, messageOf } from './driver-page-state';
import { AuditLog } from './DriverAudit';
import { DriverSuspension } from './DriverSuspension';
import { DriverCalendar } from './DriverCalendar';
import { DriverDocuments } from './DriverDocuments';
import { DriverEarnings } from './DriverEarnings';
import { PortalAccount } from './PortalAccount';
import './drivers.css';

export { NewDriverPage } from './NewDriverPage';

function DriverHead({ driver }: { driver: DriverAdminView }) {
  return (
    <div className="driver-head">
      {driver.photoUrl ? (
        <img className="driver-avatar" src={driver.photoUrl} alt={driver.name} width={56} height={56} />
      ) : (
        <span className="driver-avatar driver-initials" aria-hidden="true">
          {initials(driver.name)}
        </span>
      )}
      <h1>
        {driver.name}{' '}
        <span className={`admin-badge ${driver.active ? 'paid' : 'cancelled'}`}>
          {driver.active ? 'Active' : 'Suspended'}
        </span>
      </h1>
    </div>
  );
}

export function DriverPage() {
  const { id = '' } = useParams();
  const { token, guard } = useAdminSession();
  const location = useLocation();
  const [state, dispatch] = useReducer(
    driverPageReducer,
    (location.state as { saved?: string } | null)?.saved ?? null,
    initialDriverPage,
  );
  const { driver, loadError } = state;

  const loadDriver = useCallback(async () => {
    if (!token) return;
    try {
      dispatch({ type: 'driverLoaded', driver: await guard(fetchDriver(token, id)) });
    } catch (err) {
      dispatch({
        type: 'driverFailed',
        message:
          err instanceof AdminApiError && err.status === 404
            ? 'No driver with that id.'
            : messageOf(err, 'The driver could not be loaded.'),
      });
    }
  }, [token, guard, id]);

  const loadAudit = useCallback(async () => {
    if (!token) return;
    try {
      dispatch({ type: 'auditLoaded', entries: await guard(fetchDriverAudit(token, id)) });
    } catch {
      dispatch({ type: 'auditFailed' });
    }
  }, [token, guard, id]);

  const loadAccount = useCallback(async () => {
    if (!token) return;
    try {
      const rows = await guard(fetchDriverAccounts(token, [id]));
      dispatch({ type: 'accountLoaded', status: rows.find((r) => r.driverId === id)?.status ?? 'none' });
    } catch {
      dispatch({ type: 'accountLoaded', status: 'unknown' });
    }
  }, [token, guard, id]);

  useEffect(() => {
    void loadDriver();
    void loadAudit();
    void loadAccount();
  }, [loadDriver, loadAudit, loadAccount]);

  const changed = (d: DriverAdminView, message: string) => {
    dispatch({ type: 'changed', driver: d, message });
    void loadAudit();
  };

  const save = async (values: DriverFormValues) => {
    if (!token || !driver) throw new Error('Not loaded');
    dispatch({ type: 'savedCleared' });
    const updated = await guard(updateDriver(token, driver.id, await driverFormBody(values, 'edit'), driver.version));
    dispatch({ type: 'saved', driver: updated });
    void loadAudit();
    return updated;
  };

  const reload = () => {
    dispatch({ type: 'savedCleared' });
    void loadDriver();
    void loadAudit();
  };

  return (
    <div className="drivers-page">
      <p>
        <Link to={DRIVERS_LIST}>← All drivers</Link>
      </p>
      {loadError && !driver ? (
        <>
          <h1>Driver</h1>
          <p role="alert">{loadError}</p>
        </>
      ) : !driver ? (
        <p>Loading...</p>
      ) : (
        <>
          <DriverHead driver={driver} />
          <StatusLine status={state.saved} />
          <DriverCalendar driverId={driver.id} />
          <DriverEarnings driverId={driver.id} />
          <div className="driver-layout">
            <div className="driver-main">
              <DriverForm
                key={state.formKey}
                mode="edit"
                initialValues={driverToForm(driver)}
                save={save}
                onReload={reload}
              />
            </div>
            <aside className="driver-side">
              <PortalAccount driver={driver} status={state.account} onInvited={() => dispatch({ type: 'invited' })} />
              <DriverDocuments driverId={driver.id} />
              <DriverSuspension driver={driver} onChanged={changed} />
              <AuditLog driver={driver} entries={state.audit} error={state.auditError} />
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
