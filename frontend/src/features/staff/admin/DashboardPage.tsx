import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  confirmDeleteText,
  MSG,
  type AmendBookingRequest,
  type BookingRecord,
  type StaffCancelRequest,
} from '@vanhop/contracts';
import { NeedsDriverAlert } from './NeedsDriverAlert';
import { BookingSearch } from './BookingSearch';
import {
  AdminApiError,
  amendBookingRecord,
  cancelBookingRecord,
  deleteBookingRecord,
  fetchAdminProfile,
  fetchBookingPage,
  fetchBookingRecord,
  isUnauthorized,
  requestReview,
} from './api';
import { useAdminSession } from './session';
import { RecordList, type WhenTab } from './RecordList';
import { RecordDetail } from './RecordDetail';
import { BusinessPanelSlot } from './BusinessPanelSlot';
import { useResource } from '../../../lib';
import { adminPath } from '../../../lib/area-paths';

const QUOTATION_TABS: readonly [WhenTab, ...WhenTab[]] = [
  { when: 'future', label: 'Future' },
  { when: 'today', label: 'Today' },
  { when: 'past', label: 'Previous Quotation' },
];
const JOB_TABS: readonly [WhenTab, ...WhenTab[]] = [
  { when: 'future', label: 'Future' },
  { when: 'today', label: 'Today' },
  { when: 'past', label: 'Past Jobs' },
];

/** The server's own words; the wire contract's 'Network response was not okay' only when it sent none (no answer, or an empty one). */
const actionFailure = (err: unknown): string =>
  err instanceof AdminApiError && err.serverMessage ? err.serverMessage : MSG.admin.networkNotOk;

/** The staff dashboard: who is signed in, saved quotations, paid jobs, and one record's details. */
export function DashboardPage() {
  const { token, logout, guard } = useAdminSession();
  const [records, setRecords] = useState<BookingRecord[]>([]);
  /** Bumped after each read of the records, so the paged lists are read again with them. */
  const [reloadKey, setReloadKey] = useState(0);
  const [open, setOpen] = useState<BookingRecord | null>(null);
  /**
   * `?booking=<id>` opens that record once the lists are read: a link from the drivers' page, and
   * the open record itself (kept in the address so that signing in again after the session
   * expired comes back to it).
   */
  const [search, setSearch] = useSearchParams();
  const linked = search.get('booking');
  const showInAddress = useCallback(
    (id: string | null) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('booking', id);
          else next.delete('booking');
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  /** A failed read of the profile or the lists (a 401 is not one: `guard` sends staff to sign in). */
  const [loadError, setLoadError] = useState<string | null>(null);
  const loadFailed = useCallback((err: unknown) => {
    if (!isUnauthorized(err)) setLoadError(actionFailure(err));
  }, []);

  const profile = useResource(token ? () => guard(fetchAdminProfile(token)) : null, [token, guard]);
  const username = profile.data?.username ?? null;
  useEffect(() => {
    if (profile.error !== undefined) loadFailed(profile.error);
  }, [profile.error, loadFailed]);

  // The bookings whose driver gave the job back (the alert at the top): a page of them, never every record.
  const loadRecords = useCallback(async () => {
    if (!token) return;
    try {
      const page = await guard(fetchBookingPage(token, { kind: 'job', view: 'needs-driver', pageSize: 100 }));
      setRecords(Array.isArray(page.items) ? page.items : []);
      setLoadError(null);
    } catch (err) {
      setRecords([]);
      loadFailed(err);
    }
  }, [token, guard, loadFailed]);

  useEffect(() => {
    void loadRecords();
  }, [loadRecords]);

  /** After a staff action: the records and the paged lists are read again. */
  const readAgain = useCallback(async () => {
    setReloadKey((k) => k + 1);
    await loadRecords();
  }, [loadRecords]);

  // Each link opens its record once: the address follows the panel a moment later (the router
  // updates it in a transition), so lists read meanwhile must not reopen a record just closed.
  const linkOpened = useRef<string | null>(null);
  useEffect(() => {
    if (!linked) {
      linkOpened.current = null;
      return;
    }
    if (linkOpened.current === linked || !token) return;
    linkOpened.current = linked;
    // The linked record is read by its id: it may be on no page shown.
    guard(fetchBookingRecord(token, linked))
      .then((record) => {
        if (linkOpened.current === linked) setOpen(record);
      })
      .catch(loadFailed);
  }, [linked, token, guard, loadFailed]);

  const openRecord = (record: BookingRecord) => {
    setActionError(null);
    setOpen(record);
    linkOpened.current = record._id;
    showInAddress(record._id);
  };

  const closeRecord = () => {
    setOpen(null);
    showInAddress(null);
  };

  /** After a review request or a delete the panel closes and the lists are read again. */
  const reload = async () => {
    closeRecord();
    await readAgain();
  };

  /** Runs a staff action on the open record, alerts its answer, then reloads the lists. */
  const runAction = async (
    act: (token: string, id: string) => Promise<{ message: string }>,
    alertText: (message: string) => string,
  ) => {
    if (!open || !token) return;
    setBusy(true);
    setActionError(null);
    try {
      const { message } = await guard(act(token, open._id));
      window.alert(alertText(message));
      await reload();
    } catch (err) {
      setActionError(actionFailure(err));
    } finally {
      setBusy(false);
    }
  };

  const onRequestReview = () => runAction(requestReview, (message) => `${MSG.admin.sendingEmail}: ${message}`);

  const onDelete = async () => {
    if (
      !open ||
      !token ||
      !window.confirm(confirmDeleteText({ randomNumber: open.randomNumber, name: open.quote.name }))
    )
      return;
    await runAction(deleteBookingRecord, (message) => message);
  };

  /** The panel stays open on the amended record (new figures beside the outcome) while the lists are read again. */
  const onAmend = async (body: AmendBookingRequest) => {
    if (!open || !token) throw new Error('No record open');
    const amended = await guard(amendBookingRecord(token, open._id, body));
    setOpen(amended);
    void readAgain();
    return amended;
  };

  /** Likewise a cancellation: the panel shows the cancelled record and what was refunded. */
  const onStaffCancel = async (body: StaffCancelRequest) => {
    if (!open || !token) throw new Error('No record open');
    const cancelled = await guard(cancelBookingRecord(token, open._id, body));
    setOpen(cancelled);
    void readAgain();
    return cancelled;
  };

  return (
    <div className="admin-dashboard">
      <div className="admin-topbar">
        {username ? (
          <>
            <span>Welcome, {username}</span>
            <a
              href={adminPath('login')}
              onClick={(e) => {
                e.preventDefault();
                logout();
              }}
            >
              Logout
            </a>
          </>
        ) : (
          <>
            <span>{MSG.admin.tryLogin}</span>
            <Link to={adminPath('login')}>Login</Link>
          </>
        )}
      </div>

      {loadError && (
        <p className="admin-form-error" role="alert" data-testid="dashboard-load-error">
          {loadError}
        </p>
      )}

      <NeedsDriverAlert records={records} onOpen={openRecord} />

      <BookingSearch onOpen={openRecord} />

      <div className="admin-grid">
        <RecordList
          title="Quotation"
          kind="quotation"
          tabs={QUOTATION_TABS}
          reloadKey={reloadKey}
          onOpen={openRecord}
        />
        <BusinessPanelSlot />
        <RecordList title="Your Jobs" kind="job" tabs={JOB_TABS} reloadKey={reloadKey} onOpen={openRecord} />
      </div>

      {open && (
        <RecordDetail
          record={open}
          onClose={closeRecord}
          onRequestReview={onRequestReview}
          onDelete={onDelete}
          onAmend={onAmend}
          onStaffCancel={onStaffCancel}
          busy={busy}
          error={actionError}
        />
      )}
    </div>
  );
}
