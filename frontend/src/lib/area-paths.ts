/**
 * The nested route tables of the two lazily loaded areas (re-exported by ./paths). They live apart
 * from PATHS so they travel in the areas' own chunks, not in the home route's first download:
 * AdminApp, DriverPortalApp and the gateway's 404 decision (isClientRoute in ../prerender/client-routes)
 * read them, and every link into an area is built from them (adminPath, driverPath); the home route
 * reads only the two roots.
 */

/** Where the two areas are mounted; PATHS.admin and PATHS.driver add the `/*` their nested routes need. */
export const ADMIN_ROOT = '/admin';
export const DRIVER_ROOT = '/driver';

/** The staff screens, relative to /admin as AdminApp's nested routes take them; /admin itself redirects to the dashboard. */
export const ADMIN_PATHS = {
  login: 'login',
  register: 'register',
  dashboard: 'dashboard',
  health: 'health',
  support: 'support',
  reviews: 'reviews',
  drivers: 'drivers',
} as const;

/** Staff screens one level below a staff screen (relative to /admin): a new driver, and one driver (any id: the page says when it does not know it). */
export const ADMIN_SUBPATHS = { driverNew: 'drivers/new', driver: 'drivers/:id' } as const;

/**
 * The driver portal's screens, relative to /driver (PATHS.driver) as DriverPortalApp's nested routes
 * take them; /driver itself redirects to the jobs. Any invitation token is a page, like My move links.
 */
export const DRIVER_PATHS = {
  login: 'login',
  welcome: 'welcome/:token',
  jobs: 'jobs',
  prices: 'prices',
  availability: 'availability',
  earnings: 'earnings',
} as const;

/** A staff screen's full path, for links and redirects from anywhere: `adminPath('login')` is /admin/login. */
export const adminPath = (screen: keyof typeof ADMIN_PATHS): string => `${ADMIN_ROOT}/${ADMIN_PATHS[screen]}`;

/** The staff page for adding a driver. */
export const ADMIN_NEW_DRIVER_PATH = `${ADMIN_ROOT}/${ADMIN_SUBPATHS.driverNew}`;

/** One driver's staff page. */
export const adminDriverPath = (id: string): string =>
  `${ADMIN_ROOT}/${ADMIN_SUBPATHS.driver.replace(':id', encodeURIComponent(id))}`;

/** A driver portal screen's full path (the welcome page takes a token: DRIVER_WELCOME_PREFIX is its fixed part). */
export const driverPath = (screen: Exclude<keyof typeof DRIVER_PATHS, 'welcome'>): string =>
  `${DRIVER_ROOT}/${DRIVER_PATHS[screen]}`;

/** Every welcome (invitation) page starts with this: `/driver/welcome`. */
export const DRIVER_WELCOME_PREFIX = `${DRIVER_ROOT}/${DRIVER_PATHS.welcome.split('/:')[0] ?? DRIVER_PATHS.welcome}`;
