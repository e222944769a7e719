import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { DriverAuditEntry } from '@vanhop/contracts';
import { AuditLog } from './DriverAudit';
import { driver } from '../../../testing/driver-fixtures';

const entry = (over: Partial<DriverAuditEntry>): DriverAuditEntry => ({
  id: 'drv-alice:v1',
  at: '2026-01-10T10:00:00.000Z',
  by: 'jo_staff',
  driverId: 'drv-alice',
  action: 'updated',
  changes: {},
  ...over,
});

/** Every number of a card, as a new driver's entry records them: dozens of fields. */
const everyField: DriverAuditEntry['changes'] = {
  ...Object.fromEntries(
    ['Small', 'Medium', 'Large', 'Luton'].map((v, i) => [
      `card.vanPerHourPence.${v}`,
      { from: null, to: 3500 + i * 500 },
    ]),
  ),
  name: { from: null, to: 'Alice Driver' },
  email: { from: null, to: 'alice@example.com' },
  'card.minimumHours': { from: null, to: 2 },
  'card.viaStopPence': { from: null, to: 2000 },
  'card.mileagePencePerMile': { from: null, to: 150 },
};

/** The change history said "68 fields changed". */
describe('the change history on a driver page', () => {
  afterEach(cleanup);

  it('says "Added" for a new driver, not how many fields it was added with', () => {
    render(<AuditLog driver={driver()} entries={[entry({ action: 'created', changes: everyField })]} error={null} />);
    const added = within(screen.getByTestId('audit-entry'));
    expect(added.getByText(/· Added$/)).toBeShown();
    expect(screen.getByTestId('audit-entry').textContent).not.toMatch(/\d+ fields changed/);
    // Each field's line is folded away under the summary until staff open it.
    expect(added.getByText('Large van per hour: (none) → £45.00')).not.toBeShown();
    fireEvent.click(added.getByText('Details as added'));
    expect(added.getByText('Large van per hour: (none) → £45.00')).toBeShown();
  });

  it('names the fields of a large change in words, each line from → to', () => {
    render(<AuditLog driver={driver()} entries={[entry({ changes: everyField })]} error={null} />);
    const updated = within(screen.getByTestId('audit-entry'));
    fireEvent.click(
      updated.getByText('Changed: Small van per hour; Medium van per hour; Large van per hour and 6 more'),
    );
    expect(updated.getByText('Via stop: (none) → £20.00')).toBeShown();
    expect(screen.getByTestId('audit-entry').textContent).not.toMatch(/card\.|Pence|fields changed/);
  });
});
