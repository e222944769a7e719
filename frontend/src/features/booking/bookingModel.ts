/** Pure mappings between the booking slice, the Formik fields, the API request and a chosen offer. */
import {
  MSG,
  RETRIEVE_CODE_MAX,
  bookingDraftSchema,
  viaStopProblems,
  streetPostcodeProblem,
  moveFingerprint,
  type BookingForm,
  type BookingQuoteResponse,
  type BookingRequest,
  type Offer,
  type Quote,
} from '@vanhop/contracts';
import type { AddressState, BookingDraft } from '../../store/bookingSlice';

const stairText = (s: number | '') => (s === '' ? '' : String(s));
const stairValue = (s: string): number | '' => (s === '' ? '' : Number(s));

/** The Formik fields (docs/SCREENS.md) as the saved move fills them. */
export function formValuesFrom(state: BookingDraft): BookingForm {
  const first = state.addresses[0];
  const last = state.addresses[state.addresses.length - 1];
  return {
    name: state.name,
    email: state.email,
    phone: state.phone,
    collection_address: first?.physicalAddress ?? '',
    collection_stair: stairText(first?.stair ?? ''),
    delivery_address: last?.physicalAddress ?? '',
    delivery_stair: stairText(last?.stair ?? ''),
    moving_date: state.date,
    how_many_hour: state.hour === '' ? '' : String(state.hour),
    descriContent: state.description,
  };
}

/** What changed in the booking data when the form shows `values`: the end addresses and the details. */
export function changesFromForm(state: BookingDraft, values: BookingForm) {
  const first = state.addresses[0];
  const last = state.addresses[state.addresses.length - 1];
  const ends: ({ id: string } & Partial<AddressState>)[] = [];
  if (
    first &&
    (first.physicalAddress !== values.collection_address || stairText(first.stair) !== values.collection_stair)
  ) {
    ends.push({ id: first.id, physicalAddress: values.collection_address, stair: stairValue(values.collection_stair) });
  }
  if (
    last &&
    last !== first &&
    (last.physicalAddress !== values.delivery_address || stairText(last.stair) !== values.delivery_stair)
  ) {
    ends.push({ id: last.id, physicalAddress: values.delivery_address, stair: stairValue(values.delivery_stair) });
  }
  const details: Partial<Pick<BookingDraft, 'name' | 'email' | 'phone' | 'date' | 'hour' | 'description'>> = {};
  if (state.name !== values.name) details.name = values.name;
  if (state.email !== values.email) details.email = values.email;
  if (state.phone !== values.phone) details.phone = values.phone;
  if (state.date !== values.moving_date) details.date = values.moving_date;
  if (state.description !== values.descriContent) details.description = values.descriContent;
  const hour = values.how_many_hour === '' ? '' : Number(values.how_many_hour);
  if (state.hour !== hour) details.hour = hour;
  return { ends, details };
}

/** Error keys of a via stop's fields in the booking form (they are not Formik fields: the stops live in the booking data). */
export const viaFieldKey = (id: string, field: 'location' | 'address' | 'stair') => `via-${id}-${field}`;

/**
 * What the via stops still lack, keyed by `viaFieldKey`: a place of their own (picked, not the default),
 * then the contracts' rule every server applies (a building address and stairs).
 */
export function viaStopErrors(addresses: AddressState[]): Record<string, string> {
  const errors: Record<string, string> = {};
  addresses.slice(1, -1).forEach((a, i) => {
    if (a.placeChosen === false) errors[viaFieldKey(a.id, 'location')] = MSG.booking.viaPlaceRequired(i + 1);
  });
  for (const p of viaStopProblems(addresses))
    errors[viaFieldKey(addresses[p.index]!.id, p.field === 'stair' ? 'stair' : 'address')] = p.message;
  addresses.slice(1, -1).forEach((a) => {
    const key = viaFieldKey(a.id, 'address');
    // A stop still on the default place has none of its own to check against.
    const problem =
      errors[key] || a.placeChosen === false ? null : streetPostcodeProblem(a.location, a.physicalAddress);
    if (problem) errors[key] = problem;
  });
  return errors;
}

/** Whether the contracts draft schema (what the server checks a draft with) takes this detail as typed so far. */
const draftAccepts = (field: 'name' | 'email' | 'phone', value: string): boolean =>
  bookingDraftSchema.pick([field]).isValidSync({ [field]: value });

/**
 * The booking data as POST /api/booking takes it. Half-typed details (an e-mail still being written)
 * are left out so a draft can always be priced; the full form is validated before the real submit.
 */
export function toBookingRequest(state: BookingDraft, { complete = false } = {}): BookingRequest {
  const req: BookingRequest = {
    addresses: state.addresses.map((a) => ({
      id: a.id,
      location: a.location,
      physicalAddress: a.physicalAddress,
      stair: a.stair,
    })),
    vanSize: state.vanSize,
    driverHelp: state.driverHelp,
  };
  if (state.hour !== '') req.hour = state.hour;
  if (state.items?.length) req.items = state.items;
  if (state.date) req.date = state.date;
  if (state.description.trim()) req.description = state.description;
  for (const field of ['name', 'email', 'phone'] as const) {
    const value = state[field].trim();
    if (value && (complete || draftAccepts(field, value))) req[field] = value;
  }
  return req;
}

/**
 * Which move a request describes: equal keys, same move (the facts the server prices and the
 * confirmation describes, compared as the server compares a shown quote with its own price).
 */
export const moveKeyOf = (request: BookingRequest): string => moveFingerprint(request);

/** The move as the form shows it now, complete: what a Get Free Quote would price. */
export const currentMoveKey = (state: BookingDraft): string => moveKeyOf(toBookingRequest(state, { complete: true }));

/** A pricing answer with the key of the move it priced. */
export interface PricedMove {
  response: BookingQuoteResponse;
  move: string;
  /** What was posted: asked again for another page or order of its offers. */
  request?: BookingRequest;
}

/** The offer the customer took, with the pricing it came from (never a later one). */
export interface ChosenOffer {
  offer: Offer;
  priced: PricedMove;
}

/**
 * A choice is good only while the move is the one that was priced: after any edit its price and its
 * move are no longer what Book Now would charge for or the confirmation would describe.
 */
export const isChoiceStale = (choice: ChosenOffer, currentMove: string): boolean => choice.priced.move !== currentMove;

/** The quote for one driver's offer: the move as priced, with that driver's price and terms. */
export function quoteForOffer(response: BookingQuoteResponse, offer: Offer): Quote {
  return {
    ...response.quote,
    typeofVan: offer.typeofVan,
    typeOfWorker: offer.typeOfWorker,
    totalPrice: offer.totalPrice,
    driverId: offer.driverId,
    driverName: offer.driverName,
    driverRating: offer.rating,
    overtimePerHalfHour: offer.overtimePerHalfHour,
  };
}

/** Cheapest first; equal prices by better rating. */
export const offersByPrice = (offers: Offer[]) =>
  [...offers].sort((a, b) => a.totalPrice - b.totalPrice || b.rating - a.rating);

export { shareOf } from '../../lib/money';

/** Overtime per half hour: the server's figure (half the driver's hourly rate); quotes saved before it carried one fall back to the old all-in rate. */
export const overtimeOf = (quote: Pick<Quote, 'totalPrice' | 'totalSecond' | 'overtimePerHalfHour'>) =>
  quote.overtimePerHalfHour ??
  (quote.totalSecond > 0 ? Math.round((1800 * quote.totalPrice * 100) / quote.totalSecond) / 100 : 0);

/** A retrieve code: a random integer 1 to RETRIEVE_CODE_MAX (10,000,000; docs/WIRE-CONTRACT.md). */
export function newRetrieveCode(random: () => number = secureRandom): number {
  return 1 + Math.floor(random() * RETRIEVE_CODE_MAX);
}

function secureRandom(): number {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return (buf[0] ?? 0) / 2 ** 32;
}

export function hoursLabel(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}
