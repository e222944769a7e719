import { describe, expect, it } from 'vitest';
import { driverUpdatedSchema, type DriverUpdated } from '@vanhop/contracts';
import { driverUpdatedEmail } from '../src/domain/templates/driver-account.js';

const ctx = { publicUrl: 'https://vanhop.test' };
const updated = (changes: DriverUpdated['changes'], by = 'Sam_Admin'): DriverUpdated =>
  driverUpdatedSchema.validateSync({
    driverId: 'drv-dana',
    version: 4,
    action: 'updated',
    by,
    at: '2026-11-20T09:00:00.000Z',
    changes,
    driver: { name: 'Dana Driver', email: 'dana@drivers.example', active: true },
  }) as DriverUpdated;

/** The mail said `card.vanPerHourPence.Medium: 4000 → 4200`. */
describe('the driver-updated mail says each change in words and pounds', () => {
  const mail = driverUpdatedEmail(
    updated([
      { field: 'card.vanPerHourPence.Large', from: 4000, to: 4200 },
      { field: 'card.helpersPerHourPence.Driver-Help', from: 500, to: 600 },
      { field: 'card.minimumHours', from: 2, to: 3 },
      { field: 'card.outOfHoursStartHours', from: [6, 19, 20], to: [6, 19, 20, 21] },
      { field: 'cardBounds.max.viaStopPence', from: 4000, to: 5000 },
      { field: 'phone', from: '07700900555', to: '07700900556' },
    ]),
    ctx,
  );

  it('in the text part', () => {
    expect(mail.text).toContain('Large van per hour: £40.00 → £42.00');
    expect(mail.text).toContain('Help, Driver-Help, per hour: £5.00 → £6.00');
    expect(mail.text).toContain('Minimum hours: 2 → 3');
    expect(mail.text).toContain('Out-of-hours start hours: 06:00-06:59, 19:00-20:59 → 06:00-06:59, 19:00-21:59');
    expect(mail.text).toContain('Via stop: highest the driver may set: £40.00 → £50.00');
    expect(mail.text).toContain('Phone: 07700900555 → 07700900556');
    expect(mail.text).toContain('changed by the VanHop office');
  });

  it('in the HTML part, and no raw field name or pence anywhere', () => {
    expect(mail.html).toContain('<li>Large van per hour: £40.00 → £42.00</li>');
    expect(mail.html).toContain('<li>Minimum hours: 2 → 3</li>');
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/card\.|cardBounds\.|Pence|4000|4200/);
    }
  });

  it("says 'you' for the driver's own change of their card", () => {
    const own = driverUpdatedEmail(
      updated([{ field: 'card.viaStopPence', from: 2000, to: 2500 }], 'driver:drv-dana'),
      ctx,
    );
    expect(own.text).toContain('changed by you');
    expect(own.text).toContain('Via stop: £20.00 → £25.00');
  });
});
