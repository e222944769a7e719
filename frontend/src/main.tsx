import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadLandingPage } from './features/landing/LandingRoute';
import { keepTypedFields } from './app/typed-before-start';
import './styles.css';

const root = document.getElementById('root')!;
const replayTyped = keepTypedFields(root);
// A landing page the gateway prerendered stays as it is until its chunk is here (see LandingRoute).
const ready = root.querySelector('article.landing') ? loadLandingPage().catch(() => undefined) : Promise.resolve();
// The first render as a transition: React renders in slices and lets the browser in between (the
// page is already drawn, from the prerendered markup or not at all), instead of one long task.
void ready.then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App onStarted={replayTyped} />
      </StrictMode>,
    ),
  ),
);
