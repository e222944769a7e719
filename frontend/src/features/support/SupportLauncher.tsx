/**
 * The Instant Support button on every customer page. Only this button is in the first download:
 * the chat panel (and its calls) load when it is first opened, so the home page stays small.
 */
import { lazy, Suspense, useState } from 'react';
import './support-launcher.css';
import { Button } from '../../ui';

const SupportPanel = lazy(() => import('./SupportPanel'));

export function SupportLauncher() {
  const [open, setOpen] = useState(false);
  return (
    <>
      {!open && (
        <Button
          className="support-launcher"
          aria-haspopup="dialog"
          aria-label="Instant Support"
          onClick={() => setOpen(true)}
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" className="support-launcher-icon">
            <path
              fill="currentColor"
              d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"
            />
          </svg>
          <span className="support-launcher-label">Instant Support</span>
        </Button>
      )}
      {open && (
        <Suspense fallback={<p className="support-launcher support-loading">Loading...</p>}>
          <SupportPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
