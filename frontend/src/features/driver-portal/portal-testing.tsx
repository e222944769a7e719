/**
 * The driver portal's web-test preamble, shared by its screens' tests: the signed-in driver, the
 * portal rendered at a path, and the API stubbed so the portal knows who is signed in.
 */
import { type Handler, json, renderArea, stubApi as stubAreaApi } from '../../testing/area-harness';
import DriverPortalApp from './DriverPortalApp';

export const IDENTITY = { id: 'drv-alice', name: 'Alice Driver', email: 'alice@example.com' };

export const renderPortalAt = (path: string) => renderArea('/driver/*', <DriverPortalApp />, path);

/** The area harness's stub; "who is signed in" answers IDENTITY unless a test routes it itself. */
export const stubPortalApi = (routes: Record<string, Handler>) =>
  stubAreaApi(routes, (key) => (key === 'GET /api/driver-account/me' ? () => json(IDENTITY) : undefined));
