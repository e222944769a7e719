import { NavLink, useLocation } from 'react-router-dom';
import { AreaLayout } from '../../../ui/layout/AreaLayout';
import { useAdminSession } from './session';
import { adminPath } from '../../../lib/area-paths';

/** The sign-in and sign-up pages: no staff menu there, even for someone still signed in. */
const AUTH_PAGES = [adminPath('login'), adminPath('register')];

/**
 * The admin area's own chrome: a header, the page (child), a footer. The staff menu is for
 * signed-in staff only: a visitor (the sign-in page, a mistyped /admin link) sees none.
 */
export function AdminLayout() {
  const { token } = useAdminSession();
  const { pathname } = useLocation();
  const staffMenu = Boolean(token) && !AUTH_PAGES.some((p) => pathname.startsWith(p));
  return (
    <AreaLayout area="admin" homePath={adminPath('dashboard')} tag="Staff" footerText="staff area">
      {staffMenu && (
        <nav aria-label="Staff">
          <NavLink to={adminPath('dashboard')}>Dashboard</NavLink>
          <NavLink to={adminPath('health')}>Server health</NavLink>
          <NavLink to={adminPath('support')}>Instant Support</NavLink>
          <NavLink to={adminPath('reviews')}>Reviews</NavLink>
          <NavLink to={adminPath('drivers')}>Drivers</NavLink>
        </nav>
      )}
    </AreaLayout>
  );
}
