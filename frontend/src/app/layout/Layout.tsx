import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Header } from '../../ui/layout/Header';
import { Footer } from '../../ui/layout/Footer';
import { useTheme } from '../../ui/layout/useTheme';
import { SupportLauncher } from '../../features/support/SupportLauncher';

/** Scrolls to `#id` after client-side navigation (the browser only does this on full page loads). */
function useScrollToHash() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation (a new pathname) scrolls, even when the hash is unchanged.
  useEffect(() => {
    if (!hash) {
      window.scrollTo?.(0, 0);
      return;
    }
    // The target may render a moment later (lazy pages), so look again on the next frames.
    let tries = 0;
    let frame = 0;
    const find = () => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) target.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      else if (tries++ < 30) frame = requestAnimationFrame(find);
    };
    find();
    return () => cancelAnimationFrame(frame);
  }, [pathname, hash]);
}

export function Layout() {
  const { pathname } = useLocation();
  const { theme, toggle } = useTheme();
  useScrollToHash();
  return (
    <div className="site">
      <Header />
      <main className="site-main">
        <Outlet />
      </main>
      <Footer onHome={pathname === '/'} theme={theme} onToggleTheme={toggle} />
      <SupportLauncher />
    </div>
  );
}
