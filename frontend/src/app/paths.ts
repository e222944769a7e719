/**
 * The web app's route table (SPEC.md section 2). App.tsx and AdminApp route with these paths, and the
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
  admin: '/admin/*',
} as const;

/** The staff screens, relative to /admin as AdminApp's nested routes take them; /admin itself redirects to the dashboard. */
export const ADMIN_PATHS = { login: 'login', register: 'register', dashboard: 'dashboard', health: 'health', support: 'support', reviews: 'reviews' } as const;
