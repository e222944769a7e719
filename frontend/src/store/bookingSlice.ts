/**
 * The shared booking data (docs/WIRE-CONTRACT.md, "The booking data"): filled by the home search, edited on
 * /booking, posted to POST /api/booking. Collection first, delivery last, via stops in between.
 */
import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import {
  DEFAULT_HELP_LEVEL,
  DEFAULT_VAN_SIZE,
  DEFAULT_VIA_STOP_LOCATION,
  isItemList,
  type HelpLevel,
  type ItemLine,
  type VanSize,
} from '@vanhop/contracts';

export interface AddressState {
  id: string;
  location: string;
  physicalAddress: string;
  /** Flights of stairs; '' until chosen. */
  stair: number | '';
  /**
   * false on a new via stop until the customer picks its place: its location is only the wire
   * contract's default, so the form shows no place and asks for one (never the pickup's).
   */
  placeChosen?: false;
}

/**
 * The move as the booking form holds it while the customer fills it in: contracts' `BookingDraft`
 * before `bookingDraftSchema` casts it ('' marks what is not chosen yet).
 */
export interface BookingDraft {
  addresses: AddressState[];
  vanSize: VanSize;
  driverHelp: HelpLevel;
  /** Booked hours; '' until chosen. */
  hour: number | '';
  /** ISO date-time; '' until chosen. */
  date: string;
  description: string;
  email: string;
  phone: string;
  name: string;
  /** What is moving (optional; [] when not listed). */
  items: ItemLine[];
}

export const initialBookingDraft: BookingDraft = {
  addresses: [],
  vanSize: DEFAULT_VAN_SIZE,
  driverHelp: DEFAULT_HELP_LEVEL,
  hour: '',
  date: '',
  description: '',
  email: '',
  phone: '',
  name: '',
  items: [],
};

/** Random unique id for an address entry (crypto where available; ids only need to be unique in one move). */
export function newAddressId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export const newAddress = (location: string, id: string = newAddressId()): AddressState => ({
  id,
  location,
  physicalAddress: '',
  stair: '',
});

type DetailField = 'hour' | 'date' | 'description' | 'email' | 'phone' | 'name';

// Plain reducer over RTK's action creators (types 'booking/...', with .type and .match): no immer,
// which kept the home route's first download over its budget for eight one-line updates.
const action = <P>(name: string) => createAction<P>(`booking/${name}`);

/** A new search replaces the whole move with its two ends (details already typed are kept). */
export const searchChosen = action<{ pickup: string; dropoff: string }>('searchChosen');
/** 'add stop': a via stop goes just before the delivery address. */
export const stopAdded = createAction('booking/stopAdded', () => ({ payload: { id: newAddressId() } }));
export const stopRemoved = action<string>('stopRemoved');
export const addressChanged = action<{ id: string } & Partial<Omit<AddressState, 'id'>>>('addressChanged');
export const vanSizeChosen = action<VanSize>('vanSizeChosen');
export const driverHelpChosen = action<HelpLevel>('driverHelpChosen');
export const detailsChanged = action<Partial<Pick<BookingDraft, DetailField>>>('detailsChanged');
export const bookingCleared = createAction('booking/bookingCleared');
/** The item list as it is now (counts of 0 already left out). */
export const itemsChanged = action<ItemLine[]>('itemsChanged');
/** "Book this move again": the whole move (stops, van, help, hours, items, details) but no date. */
export const moveRestored = action<Omit<BookingDraft, 'date'>>('moveRestored');

export function bookingReducer(state: BookingDraft = initialBookingDraft, act: UnknownAction): BookingDraft {
  if (searchChosen.match(act))
    return { ...state, addresses: [newAddress(act.payload.pickup), newAddress(act.payload.dropoff)] };
  if (stopAdded.match(act)) {
    const at = Math.max(state.addresses.length - 1, 0);
    const stop: AddressState = { ...newAddress(DEFAULT_VIA_STOP_LOCATION, act.payload.id), placeChosen: false };
    return { ...state, addresses: [...state.addresses.slice(0, at), stop, ...state.addresses.slice(at)] };
  }
  if (stopRemoved.match(act)) {
    const i = state.addresses.findIndex((a) => a.id === act.payload);
    // Only via stops can go: the collection and delivery ends stay.
    return i > 0 && i < state.addresses.length - 1
      ? { ...state, addresses: state.addresses.filter((_, j) => j !== i) }
      : state;
  }
  if (addressChanged.match(act)) {
    const i = state.addresses.findIndex((x) => x.id === act.payload.id);
    const current = state.addresses[i];
    if (!current) return state;
    const addresses = [...state.addresses];
    const { placeChosen: _unchosen, ...was } = current;
    // picking a place is what makes a via stop's place its own
    addresses[i] = { ...(act.payload.location === undefined ? current : was), ...act.payload, id: current.id };
    return { ...state, addresses };
  }
  if (vanSizeChosen.match(act)) return { ...state, vanSize: act.payload };
  if (driverHelpChosen.match(act)) return { ...state, driverHelp: act.payload };
  if (detailsChanged.match(act)) return { ...state, ...act.payload };
  if (itemsChanged.match(act)) return { ...state, items: act.payload };
  if (bookingCleared.match(act)) return initialBookingDraft;
  if (moveRestored.match(act)) return { ...initialBookingDraft, ...act.payload, date: '' };
  return state;
}

// ---- sessionStorage persistence: a reload of /booking keeps the move -------------------------

export const BOOKING_STORAGE_KEY = 'vanhop.booking';

/** Reads a saved move, ignoring anything malformed (another version, hand edits). */
export function loadBookingDraft(storage: Pick<Storage, 'getItem'> | undefined): BookingDraft {
  try {
    const raw = storage?.getItem(BOOKING_STORAGE_KEY);
    if (!raw) return initialBookingDraft;
    const saved = JSON.parse(raw) as Partial<BookingDraft>;
    if (!Array.isArray(saved.addresses)) return initialBookingDraft;
    const addresses = saved.addresses
      .filter((a): a is AddressState => !!a && typeof a.id === 'string' && typeof a.location === 'string')
      .map(
        (a) =>
          ({
            id: a.id,
            location: a.location,
            physicalAddress: String(a.physicalAddress ?? ''),
            stair: typeof a.stair === 'number' ? a.stair : '',
            ...(a.placeChosen === false ? { placeChosen: false } : {}),
          }) as AddressState,
      );
    // A saved list the shared rules do not take (another version, hand edits) is dropped, not posted.
    const items = isItemList(saved.items) ? saved.items : [];
    return { ...initialBookingDraft, ...saved, addresses, items };
  } catch {
    return initialBookingDraft;
  }
}

export function saveBookingDraft(storage: Pick<Storage, 'setItem'> | undefined, state: BookingDraft): void {
  try {
    storage?.setItem(BOOKING_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled (private mode): the move just won't survive a reload
  }
}
