/**
 * Which paths the web app shows a real screen at, for the gateway: any other path ends on one of the
 * app's not-found screens and is answered with HTTP 404 (the same shell, so React still renders it).
 */
import { SERVICE_TITLES, serviceSlug } from '@vanhop/contracts';
import { ADMIN_PATHS, ADMIN_SUBPATHS, DRIVER_PATHS, PATHS } from '../lib/paths';
import { parseLandingId } from '../lib/landing-ids';

const SERVICE_SLUGS = new Set<string>(SERVICE_TITLES.map(serviceSlug));

/**
 * Pages that take an id but show the not-found screen for ids they do not know. The service detail
 * page compares the slug exactly (ServiceDetailPage); landing ids ignore case (parseLandingId).
 */
const PARAM_CHECKS = new Map<string, (id: string) => boolean>([
  [PATHS.serviceDetail, (id) => SERVICE_SLUGS.has(id)],
  [PATHS.landing, (id) => parseLandingId(id) !== null],
]);

/**
 * Areas with their own nested routes (`/admin/*`, `/driver/*`): the bare root is a page (it redirects),
 * and below it only the area's own screens; an `:param` segment takes any value.
 */
const AREAS = new Map<string, string[][]>([
  [
    PATHS.admin.split('/')[1]!.toLowerCase(),
    [...Object.values(ADMIN_PATHS), ...Object.values(ADMIN_SUBPATHS)].map((p) => p.split('/')),
  ],
  [PATHS.driver.split('/')[1]!.toLowerCase(), Object.values(DRIVER_PATHS).map((p) => p.split('/'))],
]);
const AREA_PATHS = new Set<string>([PATHS.admin, PATHS.driver]);

const segmentMatches = (pattern: string, part: string) =>
  pattern.startsWith(':') || pattern.toLowerCase() === part.toLowerCase();

interface Pattern {
  path: string;
  segments: string[];
  params: number;
}

// React Router prefers static segments to dynamic ones ("/booking" wins over "/:id"): fewest params first.
const PATTERNS: Pattern[] = Object.values(PATHS)
  .filter((p) => !AREA_PATHS.has(p))
  .map((path) => {
    const segments = path === '/' ? [] : path.slice(1).split('/');
    return { path, segments, params: segments.filter((s) => s.startsWith(':')).length };
  })
  .sort((a, b) => a.params - b.params);

/** A path segment as the router hands it to a page, or null when it is not valid percent-encoding. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * Whether the web app shows a real screen at this pathname (as the browser sends it, still percent-encoded)
 * rather than one of its not-found screens. Matching follows React Router: static segments ignore case,
 * trailing slashes do not matter, and an id page only counts when it knows the id.
 */
export function isClientRoute(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  const raw = trimmed === '' ? [] : trimmed.slice(1).split('/');
  const segments = raw.map(decodeSegment);
  if (!pathname.startsWith('/') || segments.some((s) => s === null || s === '')) return false;
  const parts = segments as string[];

  const area = parts[0] === undefined ? undefined : AREAS.get(parts[0].toLowerCase());
  if (area) {
    const rest = parts.slice(1);
    return (
      rest.length === 0 ||
      area.some((screen) => screen.length === rest.length && screen.every((s, i) => segmentMatches(s, rest[i]!)))
    );
  }
  for (const pattern of PATTERNS) {
    if (pattern.segments.length !== parts.length) continue;
    const matches = pattern.segments.every((s, i) => segmentMatches(s, parts[i]!));
    if (!matches) continue;
    const check = PARAM_CHECKS.get(pattern.path);
    const id = parts[pattern.segments.findIndex((s) => s.startsWith(':'))];
    return !check || (id !== undefined && check(id));
  }
  return false;
}
