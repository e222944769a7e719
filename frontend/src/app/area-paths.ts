/**
 * The nested route tables of the two lazily loaded areas (re-exported by ./paths). They live apart
 * from PATHS so they travel in the areas' own chunks, not in the home route's first download:
 * AdminApp, DriverPortalApp and the gateway's 404 decision (isClientRoute in ../prerender/client-routes)
 * read them, the customer pages never do.
 */

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
