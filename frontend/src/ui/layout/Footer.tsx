import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { COMPANY } from '@vanhop/contracts';
import { usePublicConfig } from '../../lib/config';
import type { Theme } from './useTheme';
import { Button } from '..';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The header is sticky, so the browser thinks #navbar is already in view: scroll to the very top ourselves. */
function backToTop(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.scrollTo({ top: 0, behavior: 'smooth' });
  document.getElementById('navbar')?.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
}

export function Footer({ onHome, theme, onToggleTheme }: { onHome: boolean; theme: Theme; onToggleTheme: () => void }) {
  const { config } = usePublicConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" style={{ paddingBottom: onHome ? 0 : '7vh' }}>
      <div className="footer-grid">
        <section aria-label="Contact us">
          <h2>Talk to us</h2>
          <ul className="plain">
            {config?.phone && (
              <li>
                Phone: <a href={telHref(config.phone)}>{config.phone}</a>
              </li>
            )}
            {config?.email && (
              <li>
                E-mail: <a href={`mailto:${config.email}`}>{config.email}</a>
              </li>
            )}
            <li>Bookings are taken online only, 24 hours a day.</li>
          </ul>
        </section>
        <section aria-label="Quick links">
          <h2>Quick links</h2>
          <ul className="plain">
            <li>
              <Link to={{ pathname: '/', hash: '#quotesearch' }}>Get a quick quote</Link>
            </li>
            <li>
              <Link to="/account">My moves</Link>
            </li>
            <li>
              <Link to="/terms">Terms and Conditions</Link>
            </li>
            <li>
              <Link to={{ pathname: '/terms', hash: '#data-sources' }}>Data sources</Link>
            </li>
            <li>
              {/* biome-ignore lint/a11y/useValidAnchor: a real in-page link that works without script; the handler only makes the scroll smooth. */}
              <a href="#navbar" onClick={backToTop}>
                Back to top ↑
              </a>
            </li>
          </ul>
        </section>
        <section aria-label="Display">
          <h2>Display</h2>
          <Button className="theme-toggle" onClick={onToggleTheme} aria-pressed={theme === 'dark'}>
            {theme === 'light' ? '☾ Night mode' : '☀ Day mode'}
          </Button>
        </section>
      </div>
      <p className="registration">
        Company registration number: {COMPANY.registrationNumber} (registered in England and Wales)
      </p>
      <p className="copyright">
        © {year} {COMPANY.name}
      </p>
      <p className="credit">
        Site built and run by the {COMPANY.brand} team · <Link to="/admin/login">Staff login</Link>
      </p>
    </footer>
  );
}
