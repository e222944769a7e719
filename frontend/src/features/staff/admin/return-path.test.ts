import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnPath } from './return-path';

describe('where staff land after signing in', () => {
  it('a staff page of this site, with its query', () => {
    expect(safeReturnPath('/admin/drivers/drv-123')).toBe('/admin/drivers/drv-123');
    expect(safeReturnPath('/admin/dashboard?booking=abc')).toBe('/admin/dashboard?booking=abc');
  });

  it('anything else is the dashboard: other sites, other areas, tricks, the sign-in pages', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/admin/x',
      '//evil.example/admin/x',
      '/\\evil.example/admin',
      '/admin/../mymove/x',
      '/driver/jobs',
      'javascript:alert(1)',
      '/admin/login?next=/admin/x',
      '/admin/register',
    ]) {
      expect(safeReturnPath(next), String(next)).toBe('/admin/dashboard');
    }
  });

  it('the sign-in page carries the page (not the dashboard) and says when the session expired', () => {
    expect(loginPathFor({ pathname: '/admin/drivers/drv-1', search: '' })).toBe(
      '/admin/login?next=%2Fadmin%2Fdrivers%2Fdrv-1',
    );
    expect(loginPathFor({ pathname: '/admin/dashboard', search: '' })).toBe('/admin/login');
    expect(loginPathFor({ pathname: '/admin/dashboard', search: '?booking=b1' }, true)).toBe(
      '/admin/login?next=%2Fadmin%2Fdashboard%3Fbooking%3Db1&expired=1',
    );
  });
});
