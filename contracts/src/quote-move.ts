import { parseHourOption } from './hour-option.js';
import { MSG } from './messages.js';
import { poundsToPence } from './money.js';

type Loose = Record<string, unknown>;

/**
 * What a customer books: every fact a quote prices or a confirmation describes. Route, driving time and
 * money are left out: they follow from these facts, and comparing them would only repeat the price check.
 */
export const MOVE_FACTS = [
  'addresses',
  'places',
  'pickupStair',
  'deliveryStair',
  'viaStopStair',
  'van',
  'help',
  'hours',
  'date',
  'description',
  'name',
  'email',
  'phone',
  'driver',
  'items',
] as const;
export type MoveFact = (typeof MOVE_FACTS)[number];

const pick = (...values: unknown[]) => values.find((v) => v !== undefined);

const text = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v === null ? '' : undefined;

/** Flights as a number; '' and null are "not chosen" (the server stores no flights for them). */
function flights(v: unknown): number | string | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'number') return v;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (Number.isFinite(n)) return n;
  // JSON, not String(): an object from the client may carry a "toString" that is not a function.
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
}

/** Hours as a number however they are spelt (3, "3", the select's "03hr:00Min"), through the one hour parser. */
function hours(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  return parseHourOption(v);
}

/** One instant however it is written ("...T10:00Z", "...T10:00:00.000Z"). */
function instant(v: unknown): string | undefined {
  const t = text(v);
  if (!t) return t;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? t : new Date(ms).toISOString();
}

const json = (v: unknown): string | undefined => (v === undefined ? undefined : JSON.stringify(v));

const itemFact = (x: unknown) => {
  const e = (x && typeof x === 'object' ? x : {}) as Loose;
  return [text(e.id) ?? '', typeof e.count === 'number' ? e.count : (text(e.count) ?? ''), text(e.name) ?? ''];
};

/**
 * The move facts of a quote, each as comparable text, or undefined when the quote does not carry it.
 * Reads the wire contract's quote names and the booking-data names (`addresses`, `vanSize`, `hour`...), in the same
 * order of preference as the booking service reads a quote it is asked to price.
 */
export function moveFacts(source: object): Partial<Record<MoveFact, string>> {
  const quote = source as Loose;
  const receivedVan = (quote.yourinfo as { receivedData?: { vanSize?: unknown } } | undefined)?.receivedData?.vanSize;
  const addresses = pick(quote.totalAddress, quote.addresses);
  const list = (v: unknown, each: (x: unknown) => unknown) => (Array.isArray(v) ? v.map(each) : undefined);
  const facts: Partial<Record<MoveFact, string | undefined>> = {
    addresses: json(
      list(addresses, (a) => {
        const e = (a && typeof a === 'object' ? a : {}) as Loose;
        return [text(e.location) ?? '', text(e.physicalAddress) ?? '', flights(e.stair)];
      }),
    ),
    places: json(list(quote.places, (p) => text(p) ?? '')),
    pickupStair: json(quote.pickupStair === undefined ? undefined : flights(quote.pickupStair)),
    deliveryStair: json(quote.deliveryStair === undefined ? undefined : flights(quote.deliveryStair)),
    viaStopStair: json(list(quote.viaStopStair, flights)),
    van: text(pick(quote.typeofVan, quote.vanSize, receivedVan)),
    help: text(pick(quote.typeOfWorker, quote.driverHelp)),
    hours: json(hours(pick(quote.totalHour, quote.hour))),
    date: instant(quote.date),
    description: text(quote.description),
    name: text(quote.name),
    email: text(quote.email),
    phone: text(quote.phone),
    driver: typeof quote.driverId === 'string' && quote.driverId ? quote.driverId : undefined,
    // An empty list is no list: a quote without items and one with [] describe the same move.
    items: Array.isArray(quote.items) && quote.items.length > 0 ? json(list(quote.items, itemFact)) : undefined,
  };
  for (const k of MOVE_FACTS) if (facts[k] === undefined) delete facts[k];
  return facts as Partial<Record<MoveFact, string>>;
}

/** Equal for two quotes (or booking data) describing the same move, whatever else they carry. */
export const moveFingerprint = (quote: object): string => {
  const facts = moveFacts(quote);
  return JSON.stringify(MOVE_FACTS.map((k) => facts[k] ?? null));
};

/** The first fact both quotes state and state differently, or null when they describe the same move. */
export function moveDifference(shown: object, priced: object): MoveFact | null {
  const a = moveFacts(shown);
  const b = moveFacts(priced);
  return MOVE_FACTS.find((k) => a[k] !== undefined && b[k] !== undefined && a[k] !== b[k]) ?? null;
}

/**
 * The total a client quote shows, in pence: null when it has none (a client that never sends one, whose
 * quote the server simply prices), NaN when it is not a number (it can match no price).
 */
export function shownTotalPence(quote: object): number | null {
  const v = (quote as Loose).totalPrice;
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? poundsToPence(n) : NaN;
}

/**
 * Why the customer may not book `shown` at the server's price, or null when they may: the quote they
 * saw must be the move the server priced, at the price the server will charge.
 */
export function staleQuoteProblem(shown: object, priced: { quote: object; totalPricePence: number }): string | null {
  const total = shownTotalPence(shown);
  if (total === null) return null;
  if (moveDifference(shown, priced.quote)) return MSG.quote.moveChanged;
  if (total !== priced.totalPricePence) return MSG.quote.priceChanged;
  return null;
}
