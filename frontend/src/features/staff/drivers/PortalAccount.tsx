/** The driver page's portal account box: its status, the (new) invitation, and signing the driver out everywhere. */
import { useState } from 'react';
import { DRIVER_ACCOUNT_MSG, type DriverAdminView, type DriverInviteSent } from '@vanhop/contracts';
import { inviteDriver, revokeDriverSessions } from '../admin/api';
import { useAdminSession } from '../admin/session';
import { londonDateTime } from '../../../lib/format';
import { Button } from '../../../ui';
import { useSubmit, type Submit } from '../../../lib/useSubmit';
import { messageOf, type AccountState } from './driver-page-state';
import { FormError } from '../../../ui/fields';

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
  const [sent, setSent] = useState<DriverInviteSent | null>(null);
  const [signedOut, setSignedOut] = useState<string | null>(null);

  const invite = useSubmit(
    async (token: string) => {
      setSent(null);
      setSent(await guard(inviteDriver(token, driver.id)));
      onInvited();
    },
    { failureText: (err) => messageOf(err, 'The invitation could not be sent. Please try again.') },
  );

  // A lost or shared phone: no device of the driver's renews its session after this.
  const signOutEverywhere = useSubmit(
    async (token: string) => {
      setSignedOut(null);
      const done = await guard(revokeDriverSessions(token, driver.id));
      setSignedOut(`${done.message} (${done.revoked === 1 ? '1 device' : `${done.revoked} devices`}).`);
    },
    { failureText: (err) => messageOf(err, 'The driver could not be signed out. Please try again.') },
  );

  // One at a time, and only the latest one's failure is shown.
  const busy = invite.pending || signOutEverywhere.pending;
  const error = invite.failure ?? signOutEverywhere.failure;
  const start = (action: Submit<[string], void>, other: Submit<[string], void>) => {
    if (!token || busy) return;
    other.reset();
    void action.run(token);
  };

  const resend = status === 'invited' || status === 'active';
  return (
    <section className="admin-card" aria-labelledby="driver-account-title">
      <h2 id="driver-account-title">Driver portal account</h2>
      <p>
        Account status: <strong data-testid="account-status">{status ?? 'loading'}</strong>
      </p>
      <Button area="admin" disabled={busy} onClick={() => start(invite, signOutEverywhere)}>
        {resend ? 'Send a new invitation' : 'Invite to driver portal'}
      </Button>
      {status === 'active' && (
        <Button area="admin" variant="secondary" disabled={busy} onClick={() => start(signOutEverywhere, invite)}>
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
      <FormError error={error} compact />
    </section>
  );
}
