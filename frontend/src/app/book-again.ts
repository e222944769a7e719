/** "Book this move again": the account's move as the booking form holds it, for a new date. */
import {
  DEFAULT_HELP_LEVEL,
  DEFAULT_VAN_SIZE,
  HELP_LEVELS,
  isItemList,
  isVanSize,
  type BookAgainDraft,
  type HelpLevel,
} from '@vanhop/contracts';
import { newAddressId, type BookingDraft } from '../store/bookingSlice';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Everything but the date; fresh address ids, and anything the form would not take left unchosen. */
export function draftForBookAgain(again: BookAgainDraft): Omit<BookingDraft, 'date'> {
  const hour = Number(again.hour);
  return {
    addresses: again.addresses.map((a) => ({
      id: newAddressId(),
      location: a.location,
      physicalAddress: text(a.physicalAddress),
      stair: typeof a.stair === 'number' ? a.stair : '',
    })),
    vanSize: isVanSize(again.vanSize) ? again.vanSize : DEFAULT_VAN_SIZE,
    driverHelp: (HELP_LEVELS as readonly string[]).includes(again.driverHelp)
      ? (again.driverHelp as HelpLevel)
      : DEFAULT_HELP_LEVEL,
    hour: again.hour !== '' && Number.isFinite(hour) && hour > 0 ? hour : '',
    description: text(again.description),
    name: text(again.name),
    email: text(again.email),
    phone: text(again.phone),
    items: isItemList(again.items) ? again.items : [],
  };
}
