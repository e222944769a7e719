import { describe, expect, it } from 'vitest';
import { bookingDraftSchema } from './schemas/booking.js';
import { cleanItems, itemsSchema, ITEM_MSG } from './schemas/items.js';
import { isItemList, itemLineLabel, ITEM_LIMITS } from './items.js';
import { moveFingerprint } from './quote-move.js';
import { pickupCoverage, withinServiceArea } from './coverage.js';

const addresses = [
  { id: 'a', location: 'London NW2, UK', stair: 0 },
  { id: 'b', location: 'London SE1, UK', stair: 0 },
];

describe('the item list at the HTTP boundary', () => {
  it('takes catalogue items and named extras, counted 1 to 50', async () => {
    const items = [
      { id: 'sofa-2-seat', count: 1 },
      { id: 'boxes', count: 20 },
      { id: 'other', count: 1, name: 'Piano stool' },
    ];
    await expect(itemsSchema.validate(items)).resolves.toEqual(items);
    expect((await bookingDraftSchema.validate({ addresses, items })).items).toEqual(items);
    expect(items.map(itemLineLabel)).toEqual(['1 × Sofa, 2-seat', '20 × Moving box', '1 × Piano stool']);
    expect(isItemList(items)).toBe(true);
  });

  it('is optional: a booking without a list validates as before', async () => {
    expect((await bookingDraftSchema.validate({ addresses })).items).toBeUndefined();
  });

  it.each([
    [[{ id: 'piano', count: 1 }], ITEM_MSG.unknown],
    [[{ id: 'boxes', count: 0 }], ITEM_MSG.count],
    [[{ id: 'boxes', count: 51 }], ITEM_MSG.count],
    [[{ id: 'boxes', count: 1.5 }], ITEM_MSG.count],
    [[{ id: 'boxes', count: '3' }], ITEM_MSG.count],
    [[{ id: 'other', count: 1 }], ITEM_MSG.otherName],
    [[{ id: 'other', count: 1, name: '   ' }], ITEM_MSG.otherName],
    [[{ id: 'other', count: 1, name: 'x'.repeat(61) }], ITEM_MSG.nameLength],
    [[{ id: 'other', count: 1, name: 'Lamp\r\nBcc: x@example.com' }], ITEM_MSG.nameControl],
    [
      [
        { id: 'boxes', count: 1 },
        { id: 'boxes', count: 2 },
      ],
      'Each item appears once: change its count instead',
    ],
    [
      Array.from({ length: ITEM_LIMITS.lines + 1 }, (_, i) => ({ id: 'other', count: 1, name: `Thing ${i}` })),
      ITEM_MSG.lines,
    ],
  ])('refuses %j', async (items, message) => {
    await expect(bookingDraftSchema.validate({ addresses, items }, { abortEarly: true })).rejects.toThrow(message);
    expect(isItemList(items)).toBe(false);
  });

  it('stores known fields only, names trimmed', () => {
    expect(
      cleanItems([
        { id: 'other', count: 2, name: ' Lamp ', extra: 'x' } as never,
        { id: 'tv', count: 1, name: 'ignored' },
      ]),
    ).toEqual([
      { id: 'other', count: 2, name: 'Lamp' },
      { id: 'tv', count: 1 },
    ]);
    expect(cleanItems([])).toBeUndefined();
  });

  it('is part of the move a quote describes: another list is another move, no list and [] the same', () => {
    const base = { addresses, vanSize: 'Large', driverHelp: 'Driver-Help', hour: 3 };
    expect(moveFingerprint({ ...base, items: [] })).toBe(moveFingerprint(base));
    expect(moveFingerprint({ ...base, items: [{ id: 'tv', count: 1 }] })).not.toBe(
      moveFingerprint({ ...base, items: [{ id: 'tv', count: 2 }] }),
    );
  });
});

describe('the coverage rule', () => {
  it('is one function for the quote, the search and the map: Reading is outside, Watford inside', () => {
    expect(withinServiceArea({ lat: 51.45416, lng: -0.97093 })).toBe(false); // RG1, about 33 miles
    expect(pickupCoverage({ lat: 51.45416, lng: -0.97093 })).toMatchObject({ withinRadius: false, radiusMiles: 30 });
    expect(withinServiceArea({ lat: 51.6565, lng: -0.3903 })).toBe(true); // Watford
  });
});
