/**
 * The landing page as a lazy chunk that can also be loaded ahead: when the gateway sent the page
 * prerendered, main.tsx loads the chunk before React's first render, so React draws the page itself
 * over the same markup instead of a "Loading..." in its place (which would shift everything below).
 */
import { lazy, useState, type ComponentType } from 'react';

let loaded: ComponentType | null = null;

export const loadLandingPage = () =>
  import('./LandingPage').then((m) => {
    loaded = m.default;
    return m;
  });

const LazyLandingPage = lazy(loadLandingPage);

export function LandingRoute() {
  // Chosen once per mount: switching component types later would mount the page a second time.
  const [Page] = useState<ComponentType>(() => loaded ?? LazyLandingPage);
  return <Page />;
}
