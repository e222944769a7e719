import { Link } from 'react-router-dom';
import { adminPath } from '../../lib/area-paths';

/** /dashboard is in the route table but its content is not specified: point people to where their bookings live. */
export default function DashboardPage() {
  return (
    <section className="page">
      <h1>Your moves</h1>
      <p>
        There is no account to sign in to: every quote you save has its own code. Open it on the{' '}
        <Link to="/retrieve">Got Quote With Us?</Link> page to see it, pay a deposit or pay the rest.
      </p>
      <p>
        Staff use the <Link to={adminPath('login')}>staff area</Link>.
      </p>
    </section>
  );
}
