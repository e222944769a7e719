/**
 * The driver portal's web-test preamble, shared by its screens' tests: the signed-in driver, the
 * portal rendered at a path, and the API stubbed so the portal knows who is signed in.
 */
import { json, renderArea } from '../../testing/area-harness';
import { fakeApi, type Handler } from '../../testing/fakeApi';
import DriverPortalApp from './DriverPortalApp';

export const IDENTITY = { id: 'drv-alice', name: 'Alice Driver', email: 'alice@example.com' };

export const renderPortalAt = (path: string) => renderArea('/driver/*', <DriverPortalApp />, path);

/** The fake API, strict; "who is signed in" answers IDENTITY unless a test routes it itself. */
export const stubPortalApi = (routes: Record<string, Handler>) =>
  fakeApi(routes, {
    strict: true,
    fallback: (key) => (key === 'GET /api/driver-account/me' ? () => json(IDENTITY) : undefined),
  });
