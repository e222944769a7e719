import { describe, expect, it } from 'vitest';
import { HELP_LEVELS, VAN_SIZES } from './constants.js';
import { driverChangeLine, driverFieldLabel, driverFieldValue } from './driver-field-words.js';
import { priceCardSchema, WEEKDAYS } from './schemas/driver.js';

/** Every path a price card's change is recorded under (`vanPerHourPence.Large`, `minimumHours`, ...), from the schema itself. */
const cardPaths = (): string[] =>
  Object.entries(priceCardSchema.fields).flatMap(([key, field]) => {
    const inner = (field as { fields?: Record<string, unknown> }).fields;
    return inner ? Object.keys(inner).map((sub) => `${key}.${sub}`) : [key];
  });

/** The driver-updated mail said `card.vanPerHourPence.Medium: 4000 → 4200`. */
describe('driver changes in words', () => {
  it('says each change in words and pounds', () => {
    expect(driverChangeLine({ field: 'card.vanPerHourPence.Large', from: 4000, to: 4200 })).toBe(
      'Large van per hour: £40.00 → £42.00',
    );
    expect(driverChangeLine({ field: 'card.helpersPerHourPence.Driver-Help', from: 500, to: 750 })).toBe(
      'Help, Driver-Help, per hour: £5.00 → £7.50',
    );
    expect(driverChangeLine({ field: 'card.minimumHours', from: 2, to: 3 })).toBe('Minimum hours: 2 → 3');
    expect(driverChangeLine({ field: 'card.outOfHoursStartHours', from: [6, 19, 20], to: [6, 7, 21] })).toBe(
      'Out-of-hours start hours: 06:00-06:59, 19:00-20:59 → 06:00-07:59, 21:00-21:59',
    );
    expect(driverChangeLine({ field: 'email', from: 'dana@drivers.example', to: 'dana.new@drivers.example' })).toBe(
      'E-mail: dana@drivers.example → dana.new@drivers.example',
    );
    expect(driverChangeLine({ field: 'ulezCompliant', from: true, to: false })).toBe('ULEZ compliant: yes → no');
    expect(driverChangeLine({ field: 'photo', from: '', to: 'uploaded image (900 chars)' })).toBe(
      'Photo: (none) → uploaded image (900 chars)',
    );
    expect(driverChangeLine({ field: 'cardBounds.max.viaStopPence', from: 4000, to: 5000 })).toBe(
      'Via stop: highest the driver may set: £40.00 → £50.00',
    );
  });

  it('has a label for every field of the price card, for the card and its bounds', () => {
    const paths = cardPaths();
    expect(paths).toContain('vanPerHourPence.Luton');
    expect(paths).toContain('outOfHoursStartHours');
    const labels = new Set<string>();
    for (const path of paths) {
      const label = driverFieldLabel(`card.${path}`);
      expect(label, path).not.toContain('.');
      expect(label, path).not.toMatch(/Pence|[a-z][A-Z]/);
      labels.add(label);
      if (path !== 'outOfHoursStartHours') {
        expect(driverFieldLabel(`cardBounds.min.${path}`)).toBe(`${label}: lowest the driver may set`);
        expect(driverFieldLabel(`cardBounds.max.${path}`)).toBe(`${label}: highest the driver may set`);
      }
    }
    // One label per field: no two fields read alike.
    expect(labels.size).toBe(paths.length);
    expect(paths.length).toBe(VAN_SIZES.length + 2 * HELP_LEVELS.length + 8);
  });

  it('has words for the profile, the hours and the bounds of hours too', () => {
    for (const field of [
      'name',
      'email',
      'phone',
      'vanSizes',
      'helpLevels',
      'basePostcode',
      'serviceRadiusMiles',
      'ulezCompliant',
      'active',
      'photo',
      'availability',
      'availability.daysOff',
      'cardBounds.outOfHoursStartHours',
      ...WEEKDAYS.map((d) => `availability.${d}`),
    ]) {
      expect(driverFieldLabel(field), field).not.toBe(field);
    }
    expect(driverFieldLabel('availability.mon')).toBe('Hours on Monday');
    expect(driverFieldLabel('something.new')).toBe('something.new');
  });

  it('writes empty values as (none) and lists with commas', () => {
    expect(driverFieldValue('vanSizes', ['Large', 'Luton'])).toBe('Large, Luton');
    expect(driverFieldValue('vanSizes', [])).toBe('(none)');
    expect(driverFieldValue('card.outOfHoursStartHours', [])).toBe('(none)');
    expect(driverFieldValue('name', null)).toBe('(none)');
    expect(driverFieldValue('serviceRadiusMiles', 12)).toBe('12');
  });
});
