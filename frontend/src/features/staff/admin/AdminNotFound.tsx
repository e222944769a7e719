import { AreaNotFound } from '../../../ui/layout/AreaLayout';
import { adminPath } from '../../../lib/area-paths';

/** Any /admin/* path that is not a staff screen. */
export function AdminNotFound() {
  return (
    <AreaNotFound
      className="admin-card admin-not-found"
      buttonClassName="admin-button"
      to={adminPath('dashboard')}
      linkText="Go to the dashboard"
    />
  );
}
