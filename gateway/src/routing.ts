import type { ServiceName } from '@vanhop/platform';

/**
 * Which service owns each `/api` route family (docs/WIRE-CONTRACT.md plus our additions).
 * `admin`: a staff token at the gateway; `driver`: a driver-portal token at the gateway.
 */
export const ROUTES: { prefix: string; service: ServiceName; admin?: boolean; driver?: boolean }[] = [
  { prefix: '/api/booking', service: 'quote' },
  { prefix: '/api/geo', service: 'quote' },
  { prefix: '/api/saveRetrieve', service: 'booking' },
  { prefix: '/api/mymove', service: 'booking' },
  // The customer's account (sign-in link, My moves): its session token is checked by booking.
  { prefix: '/api/customer', service: 'booking' },
  { prefix: '/api/backdata/all', service: 'booking', admin: true },
  { prefix: '/api/backdata/delete', service: 'booking', admin: true },
  { prefix: '/api/backdata/review', service: 'review', admin: true },
  { prefix: '/api/backdata', service: 'booking', admin: true },
  { prefix: '/api/paymentbooking', service: 'payment' },
  { prefix: '/api/savebooking', service: 'payment' },
  { prefix: '/api/payments', service: 'payment' },
  { prefix: '/api/contact', service: 'notification' },
  { prefix: '/api/dev/outbox', service: 'notification', admin: true },
  { prefix: '/api/google', service: 'review' },
  { prefix: '/api/account/admindashboard', service: 'admin-auth', admin: true },
  { prefix: '/api/account', service: 'admin-auth' },
  { prefix: '/api/dashboard/health', service: 'admin-auth' },
  { prefix: '/api/dashboard', service: 'admin-auth', admin: true },
  // Conversations and Instant Support (notification); customers and drivers use signed links.
  { prefix: '/api/conversations', service: 'notification' },
  { prefix: '/api/driver-reply', service: 'notification' },
  { prefix: '/api/support/admin', service: 'notification', admin: true },
  // VanHop's own reviews: the signed review page and driver ratings; moderation is staff only.
  { prefix: '/api/reviews', service: 'review' },
  { prefix: '/api/reviews/admin', service: 'review', admin: true },
  // The supply side: staff manage drivers (fleet), drivers sign in (admin-auth) and run their
  // own card, availability and jobs (fleet).
  { prefix: '/api/drivers/admin', service: 'fleet', admin: true },
  { prefix: '/api/driver-account', service: 'admin-auth' },
  { prefix: '/api/driver-account/admin', service: 'admin-auth', admin: true },
  { prefix: '/api/driver', service: 'fleet', driver: true },
  // What drivers earn (payment owns money): staff statements, the commission rate and payouts; a driver's own statement.
  { prefix: '/api/earnings/admin', service: 'payment', admin: true },
  { prefix: '/api/driver/earnings', service: 'payment', driver: true },
  // Uploaded driver photos, shown with offers (public like the offers).
  { prefix: '/api/driver-photos', service: 'fleet' },
  // Drivers' public profiles (photo, vans, vetting), opened from an offer or My move.
  { prefix: '/api/driver-profiles', service: 'fleet' },
];

const LOWER_ROUTES = ROUTES.map((r) => ({ ...r, lower: r.prefix.toLowerCase() }));

/**
 * Longest matching prefix on whole path segments ("/api/bookingx" is not "/api/booking").
 * Case-insensitive like Express routing, so "/api/Backdata/all" cannot dodge the admin check.
 */
export function resolveRoute(path: string): (typeof ROUTES)[number] | undefined {
  const p = path.toLowerCase().replace(/\/+$/, '') || '/';
  let best: (typeof LOWER_ROUTES)[number] | undefined;
  for (const r of LOWER_ROUTES) {
    if ((p === r.lower || p.startsWith(`${r.lower}/`)) && (!best || r.lower.length > best.lower.length)) best = r;
  }
  return best;
}
