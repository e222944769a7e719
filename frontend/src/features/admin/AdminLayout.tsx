import { NavLink } from 'react-router-dom';
import { AreaLayout } from '../../layout/AreaLayout';

/** The admin area's own chrome: a header, the page (child), a footer. */
export function AdminLayout() {
  return (
    <AreaLayout area="admin" homePath="/admin/dashboard" tag="Staff" footerText="staff area">
      <nav aria-label="Staff">
        <NavLink to="/admin/dashboard">Dashboard</NavLink>
        <NavLink to="/admin/health">Server health</NavLink>
        <NavLink to="/admin/support">Instant Support</NavLink>
        <NavLink to="/admin/reviews">Reviews</NavLink>
        <NavLink to="/admin/drivers">Drivers</NavLink>
      </nav>
    </AreaLayout>
  );
}
