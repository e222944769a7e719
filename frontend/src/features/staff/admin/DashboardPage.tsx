import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { confirmDeleteText, MSG, type BookingRecord } from '@vanhop/contracts';
import { NeedsDriverAlert } from './NeedsDriverAlert';
import { UnconfirmedSoonAlert } from './UnconfirmedSoonAlert';
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
import { useResource, useSubmit } from '../../../lib';
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

type Guard = ReturnType<typeof useAdminSession>['guard'];

/**
 * The open record, kept in the address as `?booking=<id>`: a link from the drivers' page opens it
 * once the lists are read, and signing in again after the session expired comes back to it.
 */
function useOpenRecord(token: string | null, guard: Guard, loadFailed: (err: unknown) => void) {
  const [open, setOpen] = useState<BookingRecord | null>(null);
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
    setOpen(record);
    linkOpened.current = record._id;
    showInAddress(record._id);
  };
  const closeRecord = () => {
    setOpen(null);
    showInAddress(null);
  };
  return { open, setOpen, openRecord, closeRecord };
}

/** The bookings whose driver gave the job back (the alert at the top): a page of them, never every record. */
function useNeedsDriverRecords(token: string | null, guard: Guard, loadFailed: (err: unknown) => void) {
  const [records, setRecords] = useState<BookingRecord[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
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
  return { records, loadRecords, loadError, setLoadError };
}

/** The staff actions on the open record: each alerts its answer (or shows its failure) and the lists are read again. */
function useRecordActions(
  token: string | null,
  guard: Guard,
  record: { open: BookingRecord | null; setOpen: (r: BookingRecord) => void; closeRecord: () => void },
  readAgain: () => Promise<void>,
) {
  const { open, setOpen, closeRecord } = record;
  const action = useSubmit(
    async (
      act: (token: string, id: string) => Promise<{ message: string }>,
      alertText: (message: string) => string,
      signedIn: string,
      id: string,
    ) => {
      const { message } = await guard(act(signedIn, id));
      window.alert(alertText(message));
      // After a review request or a delete the panel closes and the lists are read again.
      closeRecord();
      await readAgain();
    },
    { failureText: actionFailure },
  );
  const runAction = async (
    act: (token: string, id: string) => Promise<{ message: string }>,
    alertText: (message: string) => string,
  ) => {
    if (!open || !token) return;
    await action.run(act, alertText, token, open._id);
  };
  /** An amendment or a cancellation keeps the panel open on the changed record (new figures beside the outcome). */
  const keepOpen =
    <B, R extends BookingRecord>(act: (token: string, id: string, body: B) => Promise<R>) =>
    async (body: B): Promise<R> => {
      if (!open || !token) throw new Error('No record open');
      const changed = await guard(act(token, open._id, body));
      setOpen(changed);
      void readAgain();
      return changed;
    };
  return {
    busy: action.pending,
    actionError: action.failure,
    clearActionError: action.reset,
    onRequestReview: () => runAction(requestReview, (message) => `${MSG.admin.sendingEmail}: ${message}`),
    onDelete: async () => {
      if (!open || !window.confirm(confirmDeleteText({ randomNumber: open.randomNumber, name: open.quote.name })))
        return;
      await runAction(deleteBookingRecord, (message) => message);
    },
    onAmend: keepOpen(amendBookingRecord),
    onStaffCancel: keepOpen(cancelBookingRecord),
  };
}

function StaffTopBar({ username, logout }: { username: string | null; logout: () => void }) {
  return (
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
  );
}

/** The staff dashboard: who is signed in, saved quotations, paid jobs, and one record's details. */
export function DashboardPage() {
  const { token, logout, guard } = useAdminSession();
  /** Bumped after each read of the records, so the paged lists are read again with them. */
  const [reloadKey, setReloadKey] = useState(0);
  /** A failed read of the profile or the lists (a 401 is not one: `guard` sends staff to sign in). */
  const [profileError, setProfileError] = useState<string | null>(null);
  const loadFailed = useCallback((err: unknown) => {
    if (!isUnauthorized(err)) setProfileError(actionFailure(err));
  }, []);
  const profile = useResource(token ? () => guard(fetchAdminProfile(token)) : null, [token, guard]);
  const username = profile.data?.username ?? null;
  useEffect(() => {
    if (profile.error !== undefined) loadFailed(profile.error);
  }, [profile.error, loadFailed]);

  const needsDriver = useNeedsDriverRecords(token, guard, loadFailed);
  const { loadRecords } = needsDriver;
  const readAgain = useCallback(async () => {
    setReloadKey((k) => k + 1);
    await loadRecords();
  }, [loadRecords]);
  const record = useOpenRecord(token, guard, loadFailed);
  const actions = useRecordActions(token, guard, record, readAgain);
  const openRecord = (r: BookingRecord) => {
    actions.clearActionError();
    record.openRecord(r);
  };
  const loadError = needsDriver.loadError ?? profileError;

  return (
    <div className="admin-dashboard">
      <StaffTopBar username={username} logout={logout} />

      {loadError && (
        <p className="admin-form-error" role="alert" data-testid="dashboard-load-error">
          {loadError}
        </p>
      )}

      <NeedsDriverAlert records={needsDriver.records} onOpen={openRecord} />

      <UnconfirmedSoonAlert reloadKey={reloadKey} />

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

      {record.open && (
        <RecordDetail
          record={record.open}
          onClose={record.closeRecord}
          onRequestReview={actions.onRequestReview}
          onDelete={actions.onDelete}
          onAmend={actions.onAmend}
          onStaffCancel={actions.onStaffCancel}
          busy={actions.busy}
          error={actions.actionError}
        />
      )}
    </div>
  );
}
