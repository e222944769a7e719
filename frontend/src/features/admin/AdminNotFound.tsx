import { Link } from 'react-router-dom';
import { MSG } from '@vanhop/contracts';

/** Any /admin/* path that is not a staff screen. */
export function AdminNotFound() {
  return (
    <section className="admin-not-found">
      <h1>{MSG.notFound.title}</h1>
      <p>{MSG.notFound.body}</p>
      <Link to="/admin/dashboard" className="admin-button">
        Go to the dashboard
      </Link>
    </section>
  );
}
