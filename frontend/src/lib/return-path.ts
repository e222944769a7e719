/**
 * Where a signed-in area sends its user after signing in again: the page of the area they were sent
 * away from (a direct link opened while signed out, or the page whose call found the session
 * expired), carried in the sign-in page's `?next=`, with `expired=1` when the sign-in page should
 * say why. Only a page of the same area on this site is ever followed, so a crafted link cannot send
 * someone elsewhere after they sign in. Shared by the staff back office and the driver portal.
 */

export const SESSION_EXPIRED_TEXT = 'Your session has expired: sign in again';

/** The page a call was made from (a router location will do). */
export interface PageHere {
  pathname: string;
  search: string;
}

export interface AreaPaths {
  /** The area's prefix, with its trailing slash: `/admin/`. */
  area: string;
  loginPath: string;
  /** Where signing in lands when there is no page to go back to. */
  homePath: string;
  /** Pages of the area never returned to (the sign-in pages themselves). */
  notReturnedTo: readonly string[];
}

export interface ReturnPaths {
  /** `next` when it is a page of the area on this site (path, query and fragment kept), else the area's home. */
  safeReturnPath: (next: string | null | undefined) => string;
  /** The sign-in page that brings the user back to `here` (the home needs no `next`), saying why when the session expired. */
  loginPathFor: (here: PageHere, expired?: boolean) => string;
}

/** Any origin will do: it only tells a path of this site from an address of another. */
const HERE = 'https://area.vanhop.invalid';

export function returnPaths({ area, loginPath, homePath, notReturnedTo }: AreaPaths): ReturnPaths {
  function safeReturnPath(next: string | null | undefined): string {
    if (!next?.startsWith(area) || next.includes('\\')) return homePath;
    let url: URL;
    try {
      url = new URL(next, HERE);
    } catch {
      return homePath;
    }
    // `/admin/../x` and friends are normalised by URL: check what it really names.
    if (url.origin !== HERE || !url.pathname.startsWith(area) || notReturnedTo.some((p) => url.pathname.startsWith(p)))
      return homePath;
    return `${url.pathname}${url.search}${url.hash}`;
  }

  function loginPathFor(here: PageHere, expired = false): string {
    const params = new URLSearchParams();
    const back = safeReturnPath(`${here.pathname}${here.search}`);
    if (back !== homePath) params.set('next', back);
    if (expired) params.set('expired', '1');
    const query = params.toString();
    return query ? `${loginPath}?${query}` : loginPath;
  }

  return { safeReturnPath, loginPathFor };
}
