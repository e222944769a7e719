import { AreaNotFound } from '../../../app/layout/AreaLayout';

/** Any /admin/* path that is not a staff screen. */
export function AdminNotFound() {
  return (
    <AreaNotFound
      className="admin-card admin-not-found"
      buttonClassName="admin-button"
      to="/admin/dashboard"
      linkText="Go to the dashboard"
    />
  );
}
