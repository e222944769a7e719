/**
 * The shared booking data (docs/WIRE-CONTRACT.md, "The booking data"): filled by the home search, edited on
 * /booking, posted to POST /api/booking. Collection first, delivery last, via stops in between.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_HELP_LEVEL, DEFAULT_VAN_SIZE, DEFAULT_VIA_STOP_LOCATION, type HelpLevel, type VanSize } from '@vanhop/contracts';

export interface AddressState {
  id: string;
  location: string;
  physicalAddress: string;
  /** Flights of stairs; '' until chosen. */
  stair: number | '';
}

export interface BookingState {
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
}

export const initialBookingState: BookingState = {
  addresses: [],
  vanSize: DEFAULT_VAN_SIZE,
  driverHelp: DEFAULT_HELP_LEVEL,
  hour: '',
  date: '',
  description: '',
  email: '',
  phone: '',
  name: '',
};

/** Random unique id for an address entry (crypto where available; ids only need to be unique in one move). */
export function newAddressId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export const newAddress = (location: string, id: string = newAddressId()): AddressState => ({ id, location, physicalAddress: '', stair: '' });

type DetailField = 'hour' | 'date' | 'description' | 'email' | 'phone' | 'name';

const bookingSlice = createSlice({
  name: 'booking',
  initialState: initialBookingState,
  reducers: {
    /** A new search replaces the whole move with its two ends (details already typed are kept). */
    searchChosen(state, action: PayloadAction<{ pickup: string; dropoff: string }>) {
      state.addresses = [newAddress(action.payload.pickup), newAddress(action.payload.dropoff)];
    },
    /** 'add stop': a via stop goes just before the delivery address. */
    stopAdded: {
      reducer(state, action: PayloadAction<{ id: string }>) {
        const at = Math.max(state.addresses.length - 1, 0);
        state.addresses.splice(at, 0, newAddress(DEFAULT_VIA_STOP_LOCATION, action.payload.id));
      },
      prepare: () => ({ payload: { id: newAddressId() } }),
    },
    stopRemoved(state, action: PayloadAction<string>) {
      const i = state.addresses.findIndex((a) => a.id === action.payload);
      // Only via stops can go: the collection and delivery ends stay.
      if (i > 0 && i < state.addresses.length - 1) state.addresses.splice(i, 1);
    },
    addressChanged(state, action: PayloadAction<{ id: string } & Partial<Omit<AddressState, 'id'>>>) {
      const a = state.addresses.find((x) => x.id === action.payload.id);
      if (a) Object.assign(a, action.payload, { id: a.id });
    },
    vanSizeChosen(state, action: PayloadAction<VanSize>) {
      state.vanSize = action.payload;
    },
    driverHelpChosen(state, action: PayloadAction<HelpLevel>) {
      state.driverHelp = action.payload;
    },
    detailsChanged(state, action: PayloadAction<Partial<Pick<BookingState, DetailField>>>) {
      Object.assign(state, action.payload);
    },
    bookingCleared() {
      return initialBookingState;
    },
  },
});

export const { searchChosen, stopAdded, stopRemoved, addressChanged, vanSizeChosen, driverHelpChosen, detailsChanged, bookingCleared } = bookingSlice.actions;
export const bookingReducer = bookingSlice.reducer;

// ---- sessionStorage persistence: a reload of /booking keeps the move -------------------------

export const BOOKING_STORAGE_KEY = 'vanhop.booking';

/** Reads a saved move, ignoring anything malformed (another version, hand edits). */
export function loadBookingState(storage: Pick<Storage, 'getItem'> | undefined): BookingState {
  try {
    const raw = storage?.getItem(BOOKING_STORAGE_KEY);
    if (!raw) return initialBookingState;
    const saved = JSON.parse(raw) as Partial<BookingState>;
    if (!Array.isArray(saved.addresses)) return initialBookingState;
    const addresses = saved.addresses
      .filter((a): a is AddressState => !!a && typeof a.id === 'string' && typeof a.location === 'string')
      .map((a) => ({ id: a.id, location: a.location, physicalAddress: String(a.physicalAddress ?? ''), stair: typeof a.stair === 'number' ? a.stair : '' }) as AddressState);
    return { ...initialBookingState, ...saved, addresses };
  } catch {
    return initialBookingState;
  }
}

export function saveBookingState(storage: Pick<Storage, 'setItem'> | undefined, state: BookingState): void {
  try {
    storage?.setItem(BOOKING_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled (private mode): the move just won't survive a reload
  }
}
