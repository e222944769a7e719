import { Link } from 'react-router-dom';
import { MSG } from '@vanhop/contracts';
import { usePageTitle } from '../../app/usePageTitle';

/** Any /driver/* path that is not a portal screen. */
export function PortalNotFound() {
  usePageTitle(`${MSG.notFound.title} · VanHop driver portal`);
  return (
    <section className="portal-card portal-not-found">
      <h1>{MSG.notFound.title}</h1>
      <p>{MSG.notFound.body}</p>
      <Link to="/driver/jobs" className="portal-button">
        Go to your jobs
      </Link>
    </section>
  );
}
