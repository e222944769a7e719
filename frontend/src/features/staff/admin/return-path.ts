/**
 * Where staff land after signing in: the staff page they were sent away from (a direct link opened
 * while signed out, or the page whose call found the session expired), carried in the sign-in
 * page's `?next=`. Only a page of the staff area on this site is ever followed, so a crafted link
 * cannot send someone elsewhere after they sign in.
 */
import type { HerePath } from '../../../app/token-session';

export const LOGIN_PATH = '/admin/login';
export const DASHBOARD_PATH = '/admin/dashboard';
export const SESSION_EXPIRED_TEXT = 'Your session has expired: sign in again';

/** Any origin will do: it only tells a path of this site from an address of another. */
const HERE = 'https://staff.vanhop.invalid';
const NOT_RETURNED_TO = ['/admin/login', '/admin/register'];

/** `next` when it is a staff page of this site (path, query and fragment kept), else the dashboard. */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next?.startsWith('/admin/') || next.includes('\\')) return DASHBOARD_PATH;
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return DASHBOARD_PATH;
  }
  // `/admin/../x` and friends are normalised by URL: check what it really names.
  if (
    url.origin !== HERE ||
    !url.pathname.startsWith('/admin/') ||
    NOT_RETURNED_TO.some((p) => url.pathname.startsWith(p))
  )
    return DASHBOARD_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that brings staff back to `here` (the dashboard needs no `next`), saying why when the session expired. */
export function loginPathFor(here: HerePath, expired = false): string {
  const params = new URLSearchParams();
  const back = safeReturnPath(`${here.pathname}${here.search}`);
  if (back !== DASHBOARD_PATH) params.set('next', back);
  if (expired) params.set('expired', '1');
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}
