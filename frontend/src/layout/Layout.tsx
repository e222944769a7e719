import { Link, Outlet } from 'react-router-dom';
import { COMPANY } from '@vanhop/contracts';

export function Layout() {
  return (
    <>
      <header id="navbar">
        <Link to="/" className="logo">
          <img src="/images/logo.svg" alt={`${COMPANY.brand} logo`} width={40} height={40} />
          <span>{COMPANY.brand}</span>
        </Link>
      </header>
      <main>
        <Outlet />
      </main>
      <footer>
        <p>
          © {new Date().getFullYear()} {COMPANY.name}
        </p>
      </footer>
    </>
  );
}
