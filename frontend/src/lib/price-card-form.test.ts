import { describe, expect, it } from 'vitest';
import { DRIVER_MSG, priceCardSchema, type CardBounds } from '@vanhop/contracts';
import { CARD } from '../testing/driver-fixtures';
import {
  CARD_FIELDS,
  POUNDS_MSG,
  ZERO_CARD,
  boundsBlank,
  boundsToForm,
  cardFromForm,
  cardOutsideBounds,
  cardToForm,
  fieldTexts,
  fromInput,
  rangeText,
  schemaErrors,
} from './price-card-form';

describe('price card form', () => {
  it('covers every number of priceCardSchema', () => {
    const described = priceCardSchema.describe().fields as Record<
      string,
      { type: string; fields?: Record<string, unknown> }
    >;
    const paths = Object.entries(described).flatMap(([k, f]) =>
      f.type === 'object' ? Object.keys(f.fields!).map((s) => `${k}.${s}`) : k === 'outOfHoursStartHours' ? [] : [k],
    );
    expect(CARD_FIELDS.map((f) => f.path).sort()).toEqual(paths.sort());
  });

  it('shows money in pounds and sends whole pence back', () => {
    const form = cardToForm(CARD);
    expect((form.vanPerHourPence as Record<string, string>).Small).toBe('30.00');
    expect(form.mileagePencePerMile).toBe('1.20');
    expect(form.minimumHours).toBe('2');
    expect(form.outOfHoursStartHours).toBe('6, 20, 21');
    expect(cardFromForm(form)).toEqual(CARD);
    expect(fromInput('pounds', '45.5')).toBe(4550);
    expect(fromInput('pounds', '£12')).toBe(1200);
    expect(fromInput('pounds', '1.234')).toBeNaN();
    expect(fromInput('pounds', '')).toBeNaN();
    expect(fromInput('pounds', '-3')).toBeNaN();
  });

  it('puts the schema texts on the inputs, money texts in pounds', async () => {
    const form = cardToForm(CARD);
    (form.vanPerHourPence as Record<string, string>).Small = 'abc';
    form.minimumHours = '0';
    form.outOfHoursStartHours = '6, 25';
    const errors = fieldTexts(await schemaErrors(priceCardSchema, cardFromForm(form)), ['']);
    expect(errors).toEqual({
      'vanPerHourPence.Small': POUNDS_MSG,
      minimumHours: DRIVER_MSG.minimumHours,
      outOfHoursStartHours: DRIVER_MSG.hours,
    });
  });

  it('checks the card against its bounds and shows the ranges', () => {
    const bounds: CardBounds = {
      min: { ...ZERO_CARD },
      max: { ...CARD, vanPerHourPence: { ...CARD.vanPerHourPence, Small: 2500 } },
    };
    expect(cardOutsideBounds(CARD, bounds)).toEqual({ 'vanPerHourPence.Small': 'Must be from £0.00 to £25.00' });
    const small = CARD_FIELDS.find((f) => f.path === 'vanPerHourPence.Small')!;
    const miles = CARD_FIELDS.find((f) => f.path === 'freeRouteUnderMiles')!;
    expect(rangeText(small, bounds)).toBe('£0.00 – £25.00');
    expect(rangeText(miles, bounds)).toBe('0 – 5 miles');
    expect(
      fieldTexts({
        'card.vanPerHourPence.Small': DRIVER_MSG.outsideBounds(1500, 4000),
        'card.freeRouteUnderMiles': DRIVER_MSG.outsideBounds(0, 20),
      }),
    ).toEqual({
      'card.vanPerHourPence.Small': 'Must be from £15.00 to £40.00',
      'card.freeRouteUnderMiles': 'Must be from 0 to 20',
    });
  });

  it('knows blank bounds from filled ones', () => {
    expect(boundsBlank(boundsToForm(undefined))).toBe(true);
    expect(boundsBlank(boundsToForm({ min: ZERO_CARD, max: CARD }))).toBe(false);
  });
});
