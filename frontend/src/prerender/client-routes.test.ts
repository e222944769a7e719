import { describe, expect, it } from 'vitest';
import { isClientRoute } from './client-routes';

// The gateway answers 404 for paths that are not pages; a My move link must never be one of them.
describe('My move links are pages of the web app', () => {
  it.each([
    '/mymove/abc.DEF_123-x',
    '/mymove/anything/',
    '/mymove/tok/receipt/pay-pi_1',
    '/MyMove/tok/Receipt/refund-r1',
  ])('%s is a page', (p) => {
    expect(isClientRoute(p)).toBe(true);
  });
  it.each(['/mymove', '/mymove/tok/receipt', '/mymove/tok/extra', '/mymove/tok/receipt/r/x'])('%s is not', (p) => {
    expect(isClientRoute(p)).toBe(false);
  });
});

// The staff Drivers screens live in the admin area; any driver id is a page (the page says when it is unknown).
describe('staff Drivers screens are pages of the web app', () => {
  it.each([
    '/admin/drivers',
    '/admin/drivers/',
    '/admin/drivers/new',
    '/admin/drivers/drv-3f2a-91',
    '/Admin/Drivers/New',
    '/admin/reviews',
    '/admin',
  ])('%s is a page', (p) => {
    expect(isClientRoute(p)).toBe(true);
  });
  it.each([
    '/admin/driver',
    '/admin/drivers/drv-1/extra',
    '/admin/drivers/new/x',
    '/admin/dashboard/extra',
    '/admin/settings',
  ])('%s is not', (p) => {
    expect(isClientRoute(p)).toBe(false);
  });
});

// The driver portal has its own area: the root redirects to the jobs, an invitation token is any token.
describe('driver portal screens are pages of the web app', () => {
  it.each([
    '/driver',
    '/driver/',
    '/driver/login',
    '/driver/jobs',
    '/driver/prices',
    '/driver/availability',
    '/driver/welcome/inv.abc_DEF-123',
    '/Driver/Jobs',
  ])('%s is a page', (p) => {
    expect(isClientRoute(p)).toBe(true);
  });
  it.each([
    '/driver/unknown',
    '/driver/welcome',
    '/driver/welcome/tok/extra',
    '/driver/jobs/extra',
    '/driver/%E0%A4%A',
    '/drivers',
  ])('%s is not', (p) => {
    expect(isClientRoute(p)).toBe(false);
  });
  it('the signed driver reply links are still pages of their own', () => {
    expect(isClientRoute('/driver-reply/tok.123')).toBe(true);
  });
});

// A mailed release link: the page is the path, the token rides in the fragment the server never sees.
describe('the release-checkouts page is a page of the web app', () => {
  it('/release-checkouts is a page; paths below it are not', () => {
    expect(isClientRoute('/release-checkouts')).toBe(true);
    expect(isClientRoute('/release-checkouts/abc')).toBe(false);
  });
});
