import { ADMIN_ROOT, DRIVER_ROOT } from './area-paths';

/**
 * The web app's route table (docs/SCREENS.md). App.tsx, AdminApp and DriverPortalApp route with these paths, and the
 * gateway's 404 decision (isClientRoute in ../prerender/client-routes) reads the same table, so the two
 * cannot disagree about which pages exist. Constants only: the landing ids stay out of the first download.
 */
export const PATHS = {
  home: '/',
  booking: '/booking',
  retrieve: '/retrieve',
  retrieveCode: '/retrieve/:id',
  paymentSuccess: '/paymentbooking/success',
  paymentFail: '/paymentbooking/fail',
  // A mailed release link (contracts CHECKOUT_RELEASE_PAGE): the token rides in the fragment.
  releaseCheckouts: '/release-checkouts',
  // The customer's account (contracts CUSTOMER_LINK_PAGE, CUSTOMER_SIGN_IN_PAGE, MY_MOVES_PAGE): the link's token rides in the fragment.
  account: '/account',
  accountSignIn: '/account/sign-in',
  myMoves: '/account/moves',
  services: '/services',
  serviceDetail: '/services/:id',
  contact: '/contact',
  faq: '/faq',
  terms: '/terms',
  coverage: '/checkareacover',
  dashboard: '/dashboard',
  // Any token is a page: only the booking service can tell a good signature, and the page says when it is not.
  myMove: '/mymove/:token',
  myMoveReceipt: '/mymove/:token/receipt/:receiptId',
  // Signed links (a customer's thread, a driver's reply page, a review page): like My move, any token is a page.
  conversation: '/conversation/:token',
  driverReply: '/driver-reply/:token',
  review: '/review/:token',
  landing: '/:id',
  admin: `${ADMIN_ROOT}/*`,
  // The driver portal: its own lazy chunk and layout, like the staff area (its screens: DRIVER_PATHS in ./area-paths).
  driver: `${DRIVER_ROOT}/*`,
} as const;

/**
 * The nested route tables of the two lazily loaded areas: the staff screens (ADMIN_PATHS, with the
 * Drivers screens below them in ADMIN_SUBPATHS) and the driver portal's (DRIVER_PATHS). They are
 * defined in ./area-paths and only re-exported here: nothing on the home route reads them but the
 * two roots, so they travel in the areas' own chunks instead of the first download.
 */
export { ADMIN_PATHS, ADMIN_SUBPATHS, DRIVER_PATHS } from './area-paths';
