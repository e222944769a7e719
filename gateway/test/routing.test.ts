import { describe, expect, it } from 'vitest';
import { resolveRoute } from '../src/routing.js';

describe('gateway routing table', () => {
  it.each([
    ['/api/booking', 'quote', false],
    ['/api/geo/autocomplete', 'quote', false],
    ['/api/saveRetrieve', 'booking', false],
    ['/api/backdata/all', 'booking', true],
    ['/api/backdata/delete/abc', 'booking', true],
    ['/api/backdata/review/abc', 'review', true],
    ['/api/backdata/amend/abc', 'booking', true],
    ['/api/backdata/cancel/abc', 'booking', true],
    ['/api/paymentbooking/success', 'payment', false],
    ['/api/savebooking/updatepaymentstatus', 'payment', false],
    ['/api/payments/webhook', 'payment', false],
    ['/api/contact/sendemail', 'notification', false],
    ['/api/google/review', 'review', false],
    ['/api/account/login', 'admin-auth', false],
    ['/api/account/admindashboard', 'admin-auth', true],
    ['/api/dashboard', 'admin-auth', true],
    ['/api/dashboard/health', 'admin-auth', false],
  ])('%s → %s (admin %s)', (path, service, admin) => {
    const r = resolveRoute(path);
    expect(r?.service).toBe(service);
    expect(!!r?.admin).toBe(admin);
  });

  it('matches case-insensitively and ignores trailing slashes, so admin checks cannot be dodged', () => {
    expect(resolveRoute('/api/account/AdminDashboard')?.admin).toBe(true);
    expect(resolveRoute('/API/BACKDATA/ALL')?.admin).toBe(true);
    expect(resolveRoute('/api/dashboard/')?.admin).toBe(true);
  });

  it('matches whole path segments only', () => {
    expect(resolveRoute('/api/bookingx')).toBeUndefined();
    expect(resolveRoute('/api/internal/bookings')).toBeUndefined();
  });
});
