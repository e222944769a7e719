/**
 * What a customer is moving (docs/PRICING.md, "Items and the suggested hours"): a small catalogue of
 * rooms' common items with their volumes, the van sizes' load space, and the pure estimate of a job's
 * time (drive + loading and unloading) that the quote service and the booking form both use, so the
 * form's live suggestion and the server's quote never disagree.
 */
import {
  HELP_LEVELS,
  LOADING_SECONDS,
  MAX_HOURS,
  MIN_HOURS,
  VAN_SIZES,
  VAN_SPECS,
  type HelpLevel,
  type VanSize,
} from './constants.js';

export interface CatalogueItem {
  id: string;
  label: string;
  room: ItemRoom;
  /** Cubic metres one of it takes in a van. */
  m3: number;
}

export const ITEM_ROOMS = ['Living room', 'Bedroom', 'Kitchen and dining', 'Boxes and other'] as const;
export type ItemRoom = (typeof ITEM_ROOMS)[number];

export const ITEM_CATALOGUE: readonly CatalogueItem[] = [
  { id: 'sofa-2-seat', label: 'Sofa, 2-seat', room: 'Living room', m3: 1.0 },
  { id: 'sofa-3-seat', label: 'Sofa, 3-seat', room: 'Living room', m3: 1.5 },
  { id: 'armchair', label: 'Armchair', room: 'Living room', m3: 0.6 },
  { id: 'coffee-table', label: 'Coffee table', room: 'Living room', m3: 0.3 },
  { id: 'tv', label: 'TV and stand', room: 'Living room', m3: 0.4 },
  { id: 'bookcase', label: 'Bookcase', room: 'Living room', m3: 0.8 },
  { id: 'single-bed', label: 'Single bed', room: 'Bedroom', m3: 0.8 },
  { id: 'double-bed', label: 'Double bed', room: 'Bedroom', m3: 1.5 },
  { id: 'wardrobe', label: 'Wardrobe', room: 'Bedroom', m3: 1.5 },
  { id: 'chest-of-drawers', label: 'Chest of drawers', room: 'Bedroom', m3: 0.6 },
  { id: 'bedside-table', label: 'Bedside table', room: 'Bedroom', m3: 0.15 },
  { id: 'fridge-freezer', label: 'Fridge-freezer', room: 'Kitchen and dining', m3: 1.0 },
  { id: 'washing-machine', label: 'Washing machine', room: 'Kitchen and dining', m3: 0.5 },
  { id: 'dining-table', label: 'Dining table', room: 'Kitchen and dining', m3: 0.8 },
  { id: 'dining-chair', label: 'Dining chair', room: 'Kitchen and dining', m3: 0.2 },
  { id: 'boxes', label: 'Moving box', room: 'Boxes and other', m3: 0.07 },
  { id: 'suitcase', label: 'Suitcase or bag', room: 'Boxes and other', m3: 0.1 },
  { id: 'desk', label: 'Desk', room: 'Boxes and other', m3: 0.8 },
  { id: 'bike', label: 'Bicycle', room: 'Boxes and other', m3: 0.5 },
];

/** The free-text line: something not in the catalogue, named by the customer and counted as a medium item. */
export const OTHER_ITEM_ID = 'other';
export const OTHER_ITEM_M3 = 0.3;
export const ITEM_IDS = [...ITEM_CATALOGUE.map((i) => i.id), OTHER_ITEM_ID];
export const ITEM_LIMITS = { lines: 40, count: 50, nameLength: 60 } as const;

/** One line of the list: a catalogue item (or `other` with the customer's own name for it) and how many. */
export interface ItemLine {
  id: string;
  count: number;
  name?: string;
}

const catalogueById = new Map(ITEM_CATALOGUE.map((i) => [i.id, i]));

/** The line as people read it: "2 × Sofa, 2-seat", "1 × Piano stool". */
export function itemLineLabel(line: ItemLine): string {
  const label =
    line.id === OTHER_ITEM_ID
      ? (line.name ?? '').trim() || 'Other item'
      : (catalogueById.get(line.id)?.label ?? line.id);
  return `${line.count} × ${label}`;
}

/** Cubic metres of the whole list, to two decimals. */
export function itemsVolumeM3(items: readonly ItemLine[]): number {
  const m3 = items.reduce(
    (sum, line) =>
      sum +
      line.count * (line.id === OTHER_ITEM_ID ? OTHER_ITEM_M3 : (catalogueById.get(line.id)?.m3 ?? OTHER_ITEM_M3)),
    0,
  );
  return Math.round(m3 * 100) / 100;
}

/** Load space of each van, length × width × height of its spec (VAN_SPECS). */
export const VAN_CAPACITY_M3: Record<VanSize, number> = Object.fromEntries(
  VAN_SIZES.map((v) => {
    const s = VAN_SPECS[v].specifications;
    return [v, Math.round(parseFloat(s.Length) * parseFloat(s.Width) * parseFloat(s.Height) * 10) / 10];
  }),
) as Record<VanSize, number>;

/** A van is packed to about this share of its space (furniture does not tessellate). */
export const VAN_FILL_SHARE = 0.8;

/** The smallest van the list fits in, and whether even the biggest is too small (then: two trips or two vans). */
export function suggestVan(volumeM3: number): { van: VanSize; fits: boolean } {
  const van = VAN_SIZES.find((v) => volumeM3 <= VAN_CAPACITY_M3[v] * VAN_FILL_SHARE);
  return van ? { van, fits: true } : { van: 'Luton', fits: false };
}

/** Loading and unloading, per cubic metre of items, with the driver helping one customer. */
export const LOADING_SECONDS_PER_M3 = 720;
export const LOADING_FLOOR_SECONDS = 900;
/** How the help booked changes loading time: more hands, less time; with No-Help the driver only drives. */
export const HELP_LOADING_FACTOR: Record<HelpLevel, number> = {
  'No-Help': 1.5,
  'Driver-Help': 1,
  'Driver-Plus-One': 0.75,
  'Driver-Plus-Two': 0.6,
};
/** Each flight of stairs (at any address) adds this share of the loading time. */
export const STAIR_LOADING_SHARE = 0.1;

const HALF_HOUR = 1800;
const ceilTo = (seconds: number, step: number) => Math.ceil(seconds / step) * step;

export interface LoadingInput {
  vanSize: VanSize;
  helpLevel: HelpLevel;
  /** Flights at each address (0 for none or a lift). */
  flights: readonly number[];
  items?: readonly ItemLine[];
}

/**
 * Loading and unloading time: from the item list's volume when there is one, else the van's own
 * estimate (LOADING_SECONDS); scaled by the help booked and the stairs; up to 5 minutes.
 */
export function loadingSeconds({ vanSize, helpLevel, flights, items }: LoadingInput): number {
  const base =
    items && items.length > 0
      ? Math.max(LOADING_FLOOR_SECONDS, itemsVolumeM3(items) * LOADING_SECONDS_PER_M3)
      : LOADING_SECONDS[vanSize];
  const totalFlights = flights.reduce((s, f) => s + (Number.isFinite(f) ? f : 0), 0);
  const factor =
    (HELP_LEVELS.includes(helpLevel) ? HELP_LOADING_FACTOR[helpLevel] : 1) * (1 + STAIR_LOADING_SHARE * totalFlights);
  return ceilTo(base * factor, 300);
}

/** What a quote says the job takes: the drive plus loading, and the hours to book for it. */
export interface JobEstimate {
  driveSeconds: number;
  loadingSeconds: number;
  /** Drive + loading, up to the half hour (the hour select's step), within 1 to 20½. */
  suggestedHours: number;
  /** The fewest hours that cover the drive alone: fewer cannot be booked. */
  hoursCoveringDrive: number;
  /** The drive and loading need more than the longest booking (20½ h): more than one day's job. */
  overLongestBooking: boolean;
  /** With an item list: its volume and the smallest van it fits. */
  volumeM3?: number;
  suggestedVan?: VanSize;
  /** False when the list fills even a Luton van (two trips or two vans). */
  fitsOneVan?: boolean;
}

const bookable = (seconds: number) => Math.min(MAX_HOURS, Math.max(MIN_HOURS, ceilTo(seconds, HALF_HOUR) / 3600));

export function estimateJob(input: LoadingInput & { driveSeconds: number }): JobEstimate {
  const drive = Math.max(0, Math.round(input.driveSeconds));
  const loading = loadingSeconds(input);
  const estimate: JobEstimate = {
    driveSeconds: drive,
    loadingSeconds: loading,
    suggestedHours: bookable(drive + loading),
    hoursCoveringDrive: bookable(drive),
    overLongestBooking: drive + loading > MAX_HOURS * 3600,
  };
  if (input.items && input.items.length > 0) {
    const volumeM3 = itemsVolumeM3(input.items);
    const van = suggestVan(volumeM3);
    Object.assign(estimate, { volumeM3, suggestedVan: van.van, fitsOneVan: van.fits });
  }
  return estimate;
}

/** "6 h 10 min", "45 min", "2 h": durations as the quote panel and e-mails write them. */
export function durationLabel(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** The estimate in one line: "6 h 10 min driving + 1 h 30 min loading and unloading = 8 h suggested". */
export const estimateLine = (e: Pick<JobEstimate, 'driveSeconds' | 'loadingSeconds' | 'suggestedHours'>): string =>
  `${durationLabel(e.driveSeconds)} driving + ${durationLabel(e.loadingSeconds)} loading and unloading = ${durationLabel(e.suggestedHours * 3600)} suggested`;

/** The refusal when the hours booked cannot even cover the drive (field `hour`). */
export const hoursCannotCoverDrive = (
  e: Pick<JobEstimate, 'driveSeconds' | 'hoursCoveringDrive' | 'suggestedHours'>,
  booked: number,
): string =>
  `${durationLabel(booked * 3600)} cannot cover this move: the drive alone takes about ${durationLabel(e.driveSeconds)}. Book at least ${durationLabel(e.hoursCoveringDrive * 3600)}; we suggest ${durationLabel(e.suggestedHours * 3600)} with loading and unloading.`;

/**
 * The list's rules without yup (the home page's first download carries no schema library): what
 * `itemsSchema` takes, for a list read back from the browser's storage.
 */
export function isItemList(value: unknown): value is ItemLine[] {
  if (!Array.isArray(value) || value.length > ITEM_LIMITS.lines) return false;
  return (
    value.every((l: unknown) => {
      if (!l || typeof l !== 'object') return false;
      const { id, count, name } = l as Record<string, unknown>;
      if (typeof id !== 'string' || !ITEM_IDS.includes(id)) return false;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > ITEM_LIMITS.count) return false;
      if (
        name !== undefined &&
        (typeof name !== 'string' || name.length > ITEM_LIMITS.nameLength || CONTROL_CHARACTERS.test(name))
      )
        return false;
      return id !== OTHER_ITEM_ID || (typeof name === 'string' && name.trim() !== '');
    }) && new Set(value.map(itemKey)).size === value.length
  );
}

/** One line per item: catalogue items by id, extras by their name (any case). */
export const itemKey = (l: ItemLine): string =>
  l.id === OTHER_ITEM_ID ? `${l.id}:${(l.name ?? '').trim().toLowerCase()}` : l.id;

/** Line breaks, other control characters and bidirectional overrides (names are one line in mails and lists). */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
