import { MSG } from '@vanhop/contracts';
import { usePageTitle } from '../../lib/usePageTitle';
import { AreaNotFound } from '../../ui/layout/AreaLayout';
import { driverPath } from '../../lib/area-paths';

/** Any /driver/* path that is not a portal screen. */
export function PortalNotFound() {
  usePageTitle(`${MSG.notFound.title} · VanHop driver portal`);
  return (
    <AreaNotFound
      className="portal-card portal-not-found"
      buttonClassName="portal-button"
      to={driverPath('jobs')}
      linkText="Go to your jobs"
    />
  );
}
