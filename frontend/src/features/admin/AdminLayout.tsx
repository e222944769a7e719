import { Link, NavLink, Outlet } from 'react-router-dom';
import { COMPANY } from '@vanhop/contracts';

/** The admin area's own chrome: a header, the page (child), a footer. */
export function AdminLayout() {
  const year = new Date().getFullYear();
  return (
    <div className="admin-site">
      <header className="admin-header">
        <Link to="/admin/dashboard" className="admin-brand">
          {COMPANY.brand} <span>Staff</span>
        </Link>
        <nav aria-label="Staff">
          <NavLink to="/admin/dashboard">Dashboard</NavLink>
          <NavLink to="/admin/health">Server health</NavLink>
          <NavLink to="/admin/support">Instant Support</NavLink>
          <NavLink to="/admin/reviews">Reviews</NavLink>
          <NavLink to="/admin/drivers">Drivers</NavLink>
        </nav>
      </header>
      <main className="admin-main">
        <Outlet />
      </main>
      <footer className="admin-footer">
        <p>
          © {year} {COMPANY.name} · staff area
        </p>
        <p>
          <Link to="/">Back to the public site</Link>
        </p>
      </footer>
    </div>
  );
}
