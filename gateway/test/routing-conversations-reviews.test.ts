import { describe, expect, it } from 'vitest';
import { resolveRoute } from '../src/routing.js';

describe('gateway routing: conversations, Instant Support and reviews', () => {
  it.each([
    ['/api/conversations/driver', 'notification', false],
    ['/api/conversations/v1.abc.def.ghi/messages', 'notification', false],
    ['/api/driver-reply/v1.abc.def.ghi', 'notification', false],
    ['/api/support/admin/conversations', 'notification', true],
    ['/api/support/admin/conversations/abc/messages', 'notification', true],
    ['/api/reviews/drivers', 'review', false],
    ['/api/reviews/link/v1.abc.def.ghi', 'review', false],
    ['/api/reviews/admin', 'review', true],
    ['/api/reviews/admin/abc/approve', 'review', true],
  ])('%s → %s (admin %s)', (path, service, admin) => {
    const r = resolveRoute(path);
    expect(r?.service).toBe(service);
    expect(!!r?.admin).toBe(admin);
  });

  it('keeps staff routes behind the token check whatever the letter case', () => {
    expect(resolveRoute('/api/Reviews/ADMIN/x/approve')?.admin).toBe(true);
    expect(resolveRoute('/API/SUPPORT/admin/conversations')?.admin).toBe(true);
    // Nothing else under /api/support exists, so nothing there is public.
    expect(resolveRoute('/api/support/conversations')).toBeUndefined();
  });
});
