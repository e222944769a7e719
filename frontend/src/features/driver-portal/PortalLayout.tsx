import { useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import { AreaLayout } from '../../ui/layout/AreaLayout';
import { endSession, fetchIdentity, isUnauthorized } from './api';
import { useSilentRefresh } from './silent-refresh';
import { clearDriverToken, useDriverSession } from './session';
import { useResource } from '../../lib';
import { Button } from '../../ui';
import { driverPath } from '../../lib/area-paths';

/**
 * The portal's own chrome: who is signed in, the portal's pages and Sign out. The identity call
 * does not redirect on a 401 (the invitation and sign-in pages are open to anyone): it only drops
 * the stale token, and the portal's own pages then send the driver to sign in.
 */
export function PortalLayout() {
  const { token, logout } = useDriverSession();
  useSilentRefresh(token);
  // Signing out ends the device's session too (its cookie would otherwise sign the driver back in).
  // Ended first, so the sign-in page it lands on finds no session to renew.
  const signOut = async () => {
    await endSession().catch(() => undefined);
    logout();
  };
  const identity = useResource(token ? () => fetchIdentity(token) : null, [token]);
  const me = token && !identity.loading && identity.error === undefined ? (identity.data ?? null) : null;
  useEffect(() => {
    if (isUnauthorized(identity.error)) clearDriverToken();
  }, [identity.error]);

  return (
    <AreaLayout
      area="portal"
      homePath={driverPath('jobs')}
      tag="Driver"
      footerText="driver portal"
      mainId="portal-main"
    >
      {token && (
        <nav aria-label="Driver portal">
          <NavLink to={driverPath('jobs')}>Jobs</NavLink>
          <NavLink to={driverPath('prices')}>Prices</NavLink>
          <NavLink to={driverPath('availability')}>Availability</NavLink>
          <NavLink to={driverPath('earnings')}>Earnings</NavLink>
        </nav>
      )}
      {token && (
        <div className="portal-who">
          {me && <span data-testid="signed-in-as">Signed in as {me.name}</span>}
          <Button className="portal-signout" onClick={() => void signOut()}>
            Sign out
          </Button>
        </div>
      )}
    </AreaLayout>
  );
}
