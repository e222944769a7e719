/** The driver page's portal account box: its status, the (new) invitation, and signing the driver out everywhere. */
import { useState } from 'react';
import { DRIVER_ACCOUNT_MSG, type DriverAdminView, type DriverInviteSent } from '@vanhop/contracts';
import { inviteDriver, revokeDriverSessions } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { londonDateTime } from '../../../lib/format';
import { Button } from '../../../ui';
import { messageOf, type AccountState } from './driver-page-state';

export function PortalAccount({
  driver,
  status,
  onInvited,
}: {
  driver: DriverAdminView;
  status: AccountState;
  onInvited: () => void;
}) {
  const { token, guard } = useAdminSession();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<DriverInviteSent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [signedOut, setSignedOut] = useState<string | null>(null);

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

  // A lost or shared phone: no device of the driver's renews its session after this.
  const signOutEverywhere = async () => {
    if (!token) return;
    setBusy(true);
    setError(null);
    setSignedOut(null);
    try {
      const done = await guard(revokeDriverSessions(token, driver.id));
      setSignedOut(`${done.message} (${done.revoked === 1 ? '1 device' : `${done.revoked} devices`}).`);
    } catch (err) {
      setError(messageOf(err, 'The driver could not be signed out. Please try again.'));
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
      <Button area="admin" disabled={busy} onClick={() => void invite()}>
        {resend ? 'Send a new invitation' : 'Invite to driver portal'}
      </Button>
      {status === 'active' && (
        <Button area="admin" variant="secondary" disabled={busy} onClick={() => void signOutEverywhere()}>
          Sign out on every device
        </Button>
      )}
      {signedOut && (
        <p role="status" className="vh-form-ok" data-testid="sessions-revoked">
          {signedOut}
        </p>
      )}
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
