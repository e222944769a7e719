import * as yup from 'yup';
import { ITEM_IDS, ITEM_LIMITS, itemKey, OTHER_ITEM_ID, type ItemLine } from '../items.js';
import { noControlCharacters } from './common.js';

export const ITEM_MSG = {
  unknown: 'Choose an item from the list',
  count: `Count must be a whole number from 1 to ${ITEM_LIMITS.count}`,
  otherName: 'Say what the other item is',
  nameLength: `Item names are at most ${ITEM_LIMITS.nameLength} characters`,
  nameControl: 'Item names must not contain line breaks or control characters',
  lines: `At most ${ITEM_LIMITS.lines} kinds of item`,
} as const;

/** One line of the item list: a catalogue id (or `other` with a name), counted 1 to 50 (other keys are dropped by `cleanItems` before the list is stored). */
export const itemLineSchema = yup.object({
  id: yup.string().strict(true).required(ITEM_MSG.unknown).oneOf(ITEM_IDS, ITEM_MSG.unknown),
  count: yup
    .number()
    .strict(true)
    .typeError(ITEM_MSG.count)
    .required(ITEM_MSG.count)
    .integer(ITEM_MSG.count)
    .min(1, ITEM_MSG.count)
    .max(ITEM_LIMITS.count, ITEM_MSG.count),
  name: yup
    .string()
    .strict(true)
    .max(ITEM_LIMITS.nameLength, ITEM_MSG.nameLength)
    .test({ ...noControlCharacters, message: ITEM_MSG.nameControl })
    .when('id', {
      is: OTHER_ITEM_ID,
      // biome-ignore lint/suspicious/noThenProperty: yup's conditional schema API names its branch `then`.
      then: (s) => s.required(ITEM_MSG.otherName).test('not-blank', ITEM_MSG.otherName, (v) => !!v && v.trim() !== ''),
      otherwise: (s) => s.optional(),
    }),
});

/** The whole list, optional: a booking without one is priced and suggested from the van size, as before. */
export const itemsSchema = yup
  .array(itemLineSchema)
  .max(ITEM_LIMITS.lines, ITEM_MSG.lines)
  .test('one-line-per-item', 'Each item appears once: change its count instead', (list) => {
    if (!list) return true;
    return new Set(list.map((l) => itemKey(l as ItemLine))).size === list.length;
  });

/** The list as stored and shown: known fields only, names trimmed. */
export const cleanItems = (items: readonly ItemLine[] | undefined): ItemLine[] | undefined =>
  items && items.length > 0
    ? items.map((l) => ({
        id: l.id,
        count: l.count,
        ...(l.id === OTHER_ITEM_ID && l.name ? { name: l.name.trim() } : {}),
      }))
    : undefined;
