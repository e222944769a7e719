/**
 * /admin/drivers/new and /admin/drivers/:id: one driver's form, and for an existing driver their
 * driver-portal account (invitation), suspension and the audit log of every change.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { DRIVER_ACCOUNT_MSG, type DriverAccountStatus, type DriverAdminView, type DriverAuditEntry, type DriverInviteSent } from '@vanhop/contracts';
import {
  AdminApiError,
  createDriver,
  fetchDriver,
  fetchDriverAccounts,
  fetchDriverAudit,
  fetchDrivers,
  inviteDriver,
  updateDriver,
} from '../admin/api';
import { useAdminSession } from '../admin/session';
import { DriverForm } from './DriverForm';
import { StatusLine } from './fields';
import { driverFormBody, driverToForm, newDriverForm, type DriverFormValues } from './driver-form';
import { initials, londonDateTime } from './format';
import { AuditLog } from './DriverAudit';
import { DriverSuspension } from './DriverSuspension';
import { DriverCalendar } from './DriverCalendar';
import { DriverDocuments } from './DriverDocuments';
import { DriverEarnings } from './DriverEarnings';
import './drivers.css';

const LIST = '/admin/drivers';
const messageOf = (err: unknown, fallback: string) => (err instanceof AdminApiError && err.serverMessage ? err.serverMessage : fallback);

export function NewDriverPage() {
  const { token, guard } = useAdminSession();
  const navigate = useNavigate();
  const [initial, setInitial] = useState<DriverFormValues | null>(null);
  const [template, setTemplate] = useState<DriverAdminView | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    guard(fetchDrivers(token))
      .then((list) => {
        if (!live) return;
        const first = Array.isArray(list) ? list[0] : undefined;
        setTemplate(first ?? null);
        setInitial(newDriverForm(first));
      })
      .catch(() => live && setInitial(newDriverForm()));
    return () => {
      live = false;
    };
  }, [token, guard]);

  const save = async (values: DriverFormValues) => {
    if (!token) throw new Error('Not signed in');
    const created = await guard(createDriver(token, await driverFormBody(values, 'new')));
    navigate(`${LIST}/${encodeURIComponent(created.id)}`, { state: { saved: 'Driver added' } });
    return created;
  };

  return (
    <div className="drivers-page">
      <p>
        <Link to={LIST}>← All drivers</Link>
      </p>
      <h1>Add a driver</h1>
      {!initial ? (
        <p>Loading...</p>
      ) : (
        <>
          <p className="admin-muted">
            {template ? `The price card starts as a copy of ${template.name}'s: change what differs.` : 'Fill in every price: the card starts at zero.'}
          </p>
          <DriverForm mode="new" initialValues={initial} save={save} />
        </>
      )}
    </div>
  );
}

type AccountState = DriverAccountStatus | 'unknown' | null;

function PortalAccount({ driver, status, onInvited }: { driver: DriverAdminView; status: AccountState; onInvited: () => void }) {
  const { token, guard } = useAdminSession();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<DriverInviteSent | null>(null);
  const [error, setError] = useState<string | null>(null);

  const invite = async () => {
    if (!token) return;
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      setSent(await guard(inviteDriver(token, driver.id)));
      onInvited();
    } catch (err) {
      setError(messageOf(err, 'The invitation could not be sent. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const resend = status === 'invited' || status === 'active';
  return (
    <section className="admin-card" aria-labelledby="driver-account-title">
      <h2 id="driver-account-title">Driver portal account</h2>
      <p>
        Account status: <strong data-testid="account-status">{status ?? 'loading'}</strong>
      </p>
      <button type="button" className="admin-button" disabled={busy} onClick={() => void invite()}>
        {resend ? 'Send a new invitation' : 'Invite to driver portal'}
      </button>
      {sent && (
        <p role="status" className="vh-form-ok">
          {DRIVER_ACCOUNT_MSG.inviteSent} to {sent.email}; the link expires {londonDateTime(sent.expiresAt)}.
        </p>
      )}
      {error && (
        <p role="alert" className="vh-form-error">
          {error}
        </p>
      )}
    </section>
  );
}

export function DriverPage() {
  const { id = '' } = useParams();
  const { token, guard } = useAdminSession();
  const location = useLocation();
  const [driver, setDriver] = useState<DriverAdminView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [saved, setSaved] = useState<string | null>(((location.state as { saved?: string } | null) ?? {}).saved ?? null);
  const [audit, setAudit] = useState<DriverAuditEntry[] | null>(null);
  const [auditError, setAuditError] = useState<string | null>(null);
  const [account, setAccount] = useState<AccountState>(null);

  const loadDriver = useCallback(async () => {
    if (!token) return;
    try {
      const d = await guard(fetchDriver(token, id));
      setDriver(d);
      setLoadError(null);
      setFormKey((k) => k + 1);
    } catch (err) {
      setLoadError(err instanceof AdminApiError && err.status === 404 ? 'No driver with that id.' : messageOf(err, 'The driver could not be loaded.'));
    }
  }, [token, guard, id]);

  const loadAudit = useCallback(async () => {
    if (!token) return;
    try {
      setAudit(await guard(fetchDriverAudit(token, id)));
      setAuditError(null);
    } catch {
      setAuditError('The change history could not be loaded.');
    }
  }, [token, guard, id]);

  const loadAccount = useCallback(async () => {
    if (!token) return;
    try {
      const rows = await guard(fetchDriverAccounts(token));
      setAccount(rows.find((r) => r.driverId === id)?.status ?? 'none');
    } catch {
      setAccount('unknown');
    }
  }, [token, guard, id]);

  useEffect(() => {
    void loadDriver();
    void loadAudit();
    void loadAccount();
  }, [loadDriver, loadAudit, loadAccount]);

  const changed = (d: DriverAdminView, message: string) => {
    setDriver(d);
    setSaved(message);
    void loadAudit();
  };

  const save = async (values: DriverFormValues) => {
    if (!token || !driver) throw new Error('Not loaded');
    setSaved(null);
    const updated = await guard(updateDriver(token, driver.id, await driverFormBody(values, 'edit'), driver.version));
    changed(updated, 'Driver saved');
    setFormKey((k) => k + 1);
    return updated;
  };

  const reload = () => {
    setSaved(null);
    void loadDriver();
    void loadAudit();
  };

  return (
    <div className="drivers-page">
      <p>
        <Link to={LIST}>← All drivers</Link>
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
          <div className="driver-head">
            {driver.photoUrl ? (
              <img className="driver-avatar" src={driver.photoUrl} alt={`Photo of ${driver.name}`} width={56} height={56} />
            ) : (
              <span className="driver-avatar driver-initials" aria-hidden="true">
                {initials(driver.name)}
              </span>
            )}
            <h1>
              {driver.name}{' '}
              <span className={`admin-badge ${driver.active ? 'paid' : 'cancelled'}`}>{driver.active ? 'Active' : 'Suspended'}</span>
            </h1>
          </div>
          <StatusLine status={saved} />
          <DriverCalendar driverId={driver.id} />
          <DriverEarnings driverId={driver.id} />
          <div className="driver-layout">
            <div className="driver-main">
              <DriverForm key={formKey} mode="edit" initialValues={driverToForm(driver)} save={save} onReload={reload} />
            </div>
            <aside className="driver-side">
              <PortalAccount driver={driver} status={account} onInvited={() => setAccount((s) => (s === 'active' ? s : 'invited'))} />
              <DriverDocuments driverId={driver.id} />
              <DriverSuspension driver={driver} onChanged={changed} />
              <AuditLog driver={driver} entries={audit} error={auditError} />
            </aside>
          </div>
        </>
      )}
    </div>
  );
}
