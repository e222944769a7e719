import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { COMPANY } from '@vanhop/contracts';
import { Button } from '..';

const NAV_LINKS = [
  { to: '/', label: 'HOME' },
  { to: '/services', label: 'SERVICES' },
  { to: '/contact', label: 'CONTACT' },
  { to: '/faq', label: 'FAQ' },
] as const;

/** Pages that are themselves the start of a booking do not need the BOOK NOW shortcut. */
export const showsBookNow = (pathname: string): boolean => pathname !== '/' && pathname !== '/booking';

export function Header() {
  const { pathname } = useLocation();
  // The small-screen menu stays open only on the page it was opened on, so a tap on a link folds it away.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;

  return (
    <header id="navbar" className="site-header">
      <Link to="/" className="logo" aria-label={`${COMPANY.brand} home`}>
        <img src="/images/logo.svg" alt="" width={40} height={40} />
        <span>{COMPANY.brand}</span>
      </Link>
      <Button
        className="menu-toggle"
        aria-controls="site-nav"
        aria-expanded={menuOpen}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        onClick={() => setOpenOn(menuOpen ? null : pathname)}
      >
        <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
      </Button>
      <nav id="site-nav" className={menuOpen ? 'site-nav open' : 'site-nav'} aria-label="Main">
        <ul>
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {showsBookNow(pathname) && (
          <Link to="/" className="button book-now">
            BOOK NOW
          </Link>
        )}
      </nav>
    </header>
  );
}
