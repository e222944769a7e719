import { lazy, Suspense } from 'react';

/** The charts and their library load only with the staff dashboard, never with customers' pages. */
const BusinessPanel = lazy(() => import('./BusinessPanel').then((m) => ({ default: m.BusinessPanel })));

/** The dashboard's middle panel: live business figures. */
export function BusinessPanelSlot() {
  return (
    <Suspense
      fallback={
        <section className="admin-card business-panel" aria-labelledby="business-panel-title" aria-busy="true">
          <h2 id="business-panel-title">Dashboard</h2>
          <p>Loading figures…</p>
        </section>
      }
    >
      <BusinessPanel />
    </Suspense>
  );
}
