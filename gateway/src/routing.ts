import type { ServiceName } from '@vanhop/platform';

/** Which service owns each `/api` route family (SPEC.md section 7 plus our additions). */
export const ROUTES: { prefix: string; service: ServiceName; admin?: boolean }[] = [
  { prefix: '/api/booking', service: 'quote' },
  { prefix: '/api/geo', service: 'quote' },
  { prefix: '/api/saveRetrieve', service: 'booking' },
  { prefix: '/api/backdata/all', service: 'booking', admin: true },
  { prefix: '/api/backdata/delete', service: 'booking', admin: true },
  { prefix: '/api/backdata/review', service: 'review', admin: true },
  { prefix: '/api/backdata', service: 'booking', admin: true },
  { prefix: '/api/paymentbooking', service: 'payment' },
  { prefix: '/api/savebooking', service: 'payment' },
  { prefix: '/api/payments', service: 'payment' },
  { prefix: '/api/contact', service: 'notification' },
  { prefix: '/api/dev/outbox', service: 'notification' },
  { prefix: '/api/google', service: 'review' },
  { prefix: '/api/account/admindashboard', service: 'admin-auth', admin: true },
  { prefix: '/api/account', service: 'admin-auth' },
  { prefix: '/api/dashboard/health', service: 'admin-auth' },
  { prefix: '/api/dashboard', service: 'admin-auth', admin: true },
];

/** Longest matching prefix on whole path segments ("/api/bookingx" is not "/api/booking"). */
export function resolveRoute(path: string): (typeof ROUTES)[number] | undefined {
  let best: (typeof ROUTES)[number] | undefined;
  for (const r of ROUTES) {
    if ((path === r.prefix || path.startsWith(`${r.prefix}/`)) && (!best || r.prefix.length > best.prefix.length)) best = r;
  }
  return best;
}
