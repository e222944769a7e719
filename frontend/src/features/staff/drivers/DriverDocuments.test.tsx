import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DriverDocumentsView } from '@vanhop/contracts';
import AdminApp from '../admin/AdminApp';
import { TOKEN_KEY } from '../admin/session';
import { account, driver } from '../../../testing/driver-fixtures';
import { isolateEachTest, json, renderArea } from '../../../testing/area-harness';
import { fakeApi } from '../../../testing/fakeApi';

const NONE: DriverDocumentsView = {
  driverId: 'drv-alice',
  insurance: null,
  licence: null,
  standing: 'missing',
  barred: false,
  reminderDays: 14,
};
const SAVED: DriverDocumentsView = {
  ...NONE,
  insurance: { reference: 'POL-1', expiresOn: '2030-01-01', standing: 'valid' },
  standing: 'valid',
} as DriverDocumentsView;

describe("staff driver page: the driver's documents", () => {
  isolateEachTest({ key: TOKEN_KEY, token: 'staff-tok' });

  it("shows the server's refusal beside the field it names and under the form, then saves", async () => {
    let refuse = true;
    const { calls } = fakeApi({
      'GET /api/drivers/admin/drv-alice': () => json(driver()),
      'GET /api/drivers/admin/drv-alice/audit': () => json([]),
      'GET /api/driver-account/admin/accounts': () => json([account({ driverId: 'drv-alice', status: 'active' })]),
      'GET /api/drivers/admin/drv-alice/upcoming-jobs': () => json([]),
      'GET /api/drivers/admin/drv-alice/documents': () => json(NONE),
      'PUT /api/drivers/admin/drv-alice/documents': () =>
        refuse
          ? json(
              { message: 'The documents were not saved.', errors: { 'insurance.reference': 'Not a policy number' } },
              400,
            )
          : json(SAVED),
    });
    renderArea('/admin/*', <AdminApp />, '/admin/drivers/drv-alice');
    const documents = await screen.findByTestId('driver-documents');
    const insurance = within(await within(documents).findByRole('group', { name: /^Insurance/ }));
    fireEvent.change(insurance.getByLabelText('Reference'), { target: { value: 'POL-1' } });
    fireEvent.change(insurance.getByLabelText('Expiry date'), { target: { value: '2030-01-01' } });
    fireEvent.click(within(documents).getByRole('button', { name: 'Save documents' }));

    const fieldError = await insurance.findByText('Not a policy number');
    expect(fieldError.getAttribute('role')).toBe('alert');
    expect(insurance.getByLabelText('Reference').getAttribute('aria-describedby')).toBe(fieldError.id);
    expect(within(documents).getByText('The documents were not saved.').getAttribute('role')).toBe('alert');

    refuse = false;
    fireEvent.click(within(documents).getByRole('button', { name: 'Save documents' }));
    expect((await within(documents).findByRole('status')).textContent).toBe('Documents saved');
    expect(insurance.queryByText('Not a policy number')).toBeNull();
    expect(within(documents).queryByText('The documents were not saved.')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.key.startsWith('PUT'))).toHaveLength(2));
    expect(calls.find((c) => c.key.startsWith('PUT'))?.body).toEqual({
      insurance: { reference: 'POL-1', expiresOn: '2030-01-01' },
      licence: null,
    });
  });
});
