/**
 * The chrome of a signed-in area (the staff back office, the driver portal): brand, the area's
 * header content, the page (child route), a footer with the day/night toggle; and the area's "not
 * found" card. The classes are the area's own (`admin-*`, `portal-*`), plus `area-*` for what both
 * share (./area-layout.css). Only the areas' lazy chunks import this file.
 */
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { COMPANY, MSG } from '@vanhop/contracts';
import { useTheme } from './useTheme';
import './area-layout.css';
import { Button } from '..';

interface AreaLayoutProps {
  /** Class prefix: `admin` gives admin-site, admin-header, … */
  area: 'admin' | 'portal';
  /** Where the brand links to. */
  homePath: string;
  /** Beside the brand (Staff, Driver). */
  tag: string;
  /** After the company name in the footer (staff area, driver portal). */
  footerText: string;
  /** With an id, the page gets a "Skip to content" link to its main. */
  mainId?: string;
  /** The header's nav and the like. */
  children?: ReactNode;
}

/** Where an area keeps its day/night choice (localStorage). */
export const areaThemeKey = (area: AreaLayoutProps['area']): string => `vanhop.theme.${area}`;

export function AreaLayout({ area, homePath, tag, footerText, mainId, children }: AreaLayoutProps) {
  const year = new Date().getFullYear();
  // Staff and drivers get the customers' day/night toggle; their choice is kept across reloads, per area.
  const { theme, toggle } = useTheme({ storageKey: areaThemeKey(area) });
  return (
    <div className={`${area}-site area-site`}>
      {mainId && (
        <a className={`${area}-skip`} href={`#${mainId}`}>
          Skip to content
        </a>
      )}
      <header className={`${area}-header`}>
        <Link to={homePath} className={`${area}-brand`}>
          {COMPANY.brand} <span>{tag}</span>
        </Link>
        {children}
      </header>
      <main id={mainId} className={`${area}-main`} tabIndex={mainId ? -1 : undefined}>
        <Outlet />
      </main>
      <footer className={`${area}-footer area-footer`}>
        <div>
          <p>
            © {year} {COMPANY.name} · {footerText}
          </p>
          <p>
            <Link to="/">Back to the public site</Link>
          </p>
        </div>
        <Button className="theme-toggle" onClick={toggle} aria-pressed={theme === 'dark'}>
          {theme === 'light' ? '☾ Night mode' : '☀ Day mode'}
        </Button>
      </footer>
    </div>
  );
}

/** Any path below an area that is not one of its screens: a card with a way back to the area's start. */
export function AreaNotFound({
  className,
  buttonClassName,
  to,
  linkText,
}: {
  className: string;
  buttonClassName: string;
  to: string;
  linkText: string;
}) {
  return (
    <section className={className}>
      <h1>{MSG.notFound.title}</h1>
      <p>{MSG.notFound.body}</p>
      <Link to={to} className={buttonClassName}>
        {linkText}
      </Link>
    </section>
  );
}
