import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DRIVER_SESSION_MSG } from '@vanhop/contracts';
import AdminApp from '../admin/AdminApp';
import { TOKEN_KEY } from '../admin/session';
import { account, driver } from '../../../testing/driver-fixtures';
import { isolateEachTest, json, renderArea } from '../../../testing/area-harness';
import { fakeApi } from '../../../testing/fakeApi';

const renderAt = (path: string) => renderArea('/admin/*', <AdminApp />, path);
const ALICE = driver();

const openDriverPage = (status: 'active' | 'none', revoke = () => json({}, 500)) =>
  fakeApi({
    'GET /api/drivers/admin/drv-alice': () => json(ALICE),
    'GET /api/drivers/admin/drv-alice/audit': () => json([]),
    'GET /api/driver-account/admin/accounts?ids=drv-alice': () => json([account({ driverId: 'drv-alice', status })]),
    'GET /api/drivers/admin/drv-alice/upcoming-jobs': () => json([]),
    'POST /api/driver-account/admin/sessions/drv-alice/revoke': revoke,
  });

/** Staff sign a driver out of the portal on every device (a lost or shared phone). */
describe('staff driver page: signing the driver out everywhere', () => {
  isolateEachTest({ key: TOKEN_KEY, token: 'staff-tok' });

  it('a driver with a portal account can be signed out on every device; the answer says how many', async () => {
    const { calls } = openDriverPage('active', () =>
      json({ driverId: 'drv-alice', revoked: 2, message: DRIVER_SESSION_MSG.revoked }),
    );
    renderAt('/admin/drivers/drv-alice');
    await waitFor(() => expect(screen.getByTestId('account-status').textContent).toBe('active'));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out on every device' }));
    expect((await screen.findByTestId('sessions-revoked')).textContent).toBe(
      `${DRIVER_SESSION_MSG.revoked} (2 devices).`,
    );
    const revoke = calls.find((c) => c.key === 'POST /api/driver-account/admin/sessions/drv-alice/revoke')!;
    expect((revoke.init.headers as Record<string, string>).Authorization).toBe('Bearer staff-tok');
  });

  it('a driver without a portal account has nothing to sign out of', async () => {
    openDriverPage('none');
    renderAt('/admin/drivers/drv-alice');
    await waitFor(() => expect(screen.getByTestId('account-status').textContent).toBe('none'));
    expect(screen.queryByRole('button', { name: 'Sign out on every device' })).toBeNull();
  });
});
