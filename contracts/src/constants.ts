/** Business constants (docs/WIRE-CONTRACT.md, docs/PRICING.md, docs/SCREENS.md); the single source for services and the web app. */

export const COMPANY = {
  name: 'VanHop Removals Ltd',
  brand: 'VanHop',
  registrationNumber: '15873204',
} as const;

export const VAN_SIZES = ['Small', 'Medium', 'Large', 'Luton'] as const;
export type VanSize = (typeof VAN_SIZES)[number];

export const HELP_LEVELS = ['No-Help', 'Driver-Help', 'Driver-Plus-One', 'Driver-Plus-Two'] as const;
export type HelpLevel = (typeof HELP_LEVELS)[number];

/** A check against the list itself for values read off the wire: `VAN_SPECS[value]` would also find "constructor" or "toString". */
export const isVanSize = (value: unknown): value is VanSize => (VAN_SIZES as readonly unknown[]).includes(value);

export const DEFAULT_VAN_SIZE: VanSize = 'Large';
export const DEFAULT_HELP_LEVEL: HelpLevel = 'Driver-Help';

export interface VanSpec {
  title: string;
  description: string;
  specifications: { Length: string; Width: string; Height: string; Payload: string; Seats: string; VanSize: VanSize };
  image: { url: string; altText: string };
}

export const VAN_SPECS: Record<VanSize, VanSpec> = {
  Luton: {
    title: 'Luton Van',
    description: 'Our biggest van: right for 3-bedroom homes, office moves and heavy items.',
    specifications: {
      Length: '4.0 m',
      Width: '2.0 m',
      Height: '2.2 m',
      Payload: '1200-1600 kg',
      Seats: '3',
      VanSize: 'Luton',
    },
    image: { url: '/images/vans/luton.svg', altText: 'Luton van' },
  },
  Large: {
    title: 'Large Van (long wheel base)',
    description: 'A long-wheel-base van with a side door, right for 1-2 bedroom moves.',
    specifications: {
      Length: '3.4 m',
      Width: '1.7 m',
      Height: '1.7 m',
      Payload: '1200-1500 kg',
      Seats: '3',
      VanSize: 'Large',
    },
    image: { url: '/images/vans/large.svg', altText: 'Large van' },
  },
  Medium: {
    title: 'Medium Van',
    description: "Fits two people's belongings, a few pieces of furniture or a sofa.",
    specifications: {
      Length: '2.4 m',
      Width: '1.7 m',
      Height: '1.4 m',
      Payload: '1200 kg',
      Seats: '3',
      VanSize: 'Medium',
    },
    image: { url: '/images/vans/medium.svg', altText: 'Medium van' },
  },
  Small: {
    title: 'Small Van',
    description: 'Takes about 8 suitcases: boxes, a bike or a small piece of furniture.',
    specifications: {
      Length: '1.2 m',
      Width: '1.49 m',
      Height: '1.2 m',
      Payload: '600-900 kg',
      Seats: '2',
      VanSize: 'Small',
    },
    image: { url: '/images/vans/small.svg', altText: 'Small van' },
  },
};

export const VAN_SIZE_OPTIONS = VAN_SIZES.map((value) => ({
  id: value.toLowerCase(),
  value,
  imageSrc: VAN_SPECS[value].image.url,
}));

export const HELP_LEVEL_OPTIONS: { id: string; value: HelpLevel; imageSrc: string; about: string }[] = [
  {
    id: 'no-help',
    value: 'No-Help',
    imageSrc: '/images/help/no-help.svg',
    about: 'Driver transport only, no loading or unloading.',
  },
  {
    id: 'driver-help',
    value: 'Driver-Help',
    imageSrc: '/images/help/driver-help.svg',
    about: 'The driver also helps you load and unload.',
  },
  {
    id: 'driver-plus-one',
    value: 'Driver-Plus-One',
    imageSrc: '/images/help/driver-plus-one.svg',
    about: 'The driver plus one helper.',
  },
  {
    id: 'driver-plus-two',
    value: 'Driver-Plus-Two',
    imageSrc: '/images/help/driver-plus-two.svg',
    about: 'The driver plus two helpers: full service.',
  },
];

/** Loading/unloading estimate per van, seconds (docs/PRICING.md, "Loading time"). */
export const LOADING_SECONDS: Record<VanSize, number> = { Small: 1800, Medium: 3600, Large: 5400, Luton: 7200 };

export const MIN_HOURS = 1;
export const MAX_HOURS = 20.5;
/**
 * The hour select, 01hr:00Min to 20hr:30Min in 30-minute steps (docs/SCREENS.md). `label` is the
 * option text the reference client sends as `hour`; `value` is the same choice as a number of hours.
 */
export const HOUR_OPTIONS: { value: number; label: string }[] = Array.from(
  { length: (MAX_HOURS - MIN_HOURS) * 2 + 1 },
  (_, i) => {
    const minutes = MIN_HOURS * 60 + i * 30;
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return { value: minutes / 60, label: `${String(h).padStart(2, '0')}hr:${String(m).padStart(2, '0')}Min` };
  },
);
export const HOUR_PLACEHOLDER = 'Select an hour';

/** Stair choices: 0 is "elevator or none", then 1..8 flights. */
export const STAIR_OPTIONS: { value: number; label: string }[] = [
  { value: 0, label: 'Elevator / No stairs' },
  ...Array.from({ length: 8 }, (_, i) => ({ value: i + 1, label: `${i + 1} flight${i === 0 ? '' : 's'} of stairs` })),
];
export const MAX_STAIR_FLIGHTS = 8;

export const SERVICE_TITLES = [
  'House or Apartment Moves',
  'Furniture Delivery',
  'Collection and Disposal',
  'Student Moves',
  'Small Business Moves',
  'Single Item Transportation',
  'Local Deliveries',
  'Removals and Storage',
  'Man and Van',
  'Removals Service',
  'Packaging Service',
  'House Clearance',
] as const;

export const serviceSlug = (title: string): string => title.replace(/ /g, '-');

/** NW2 district centroid (WGS84) from uk-outcodes.csv: the pickup radius is measured from here. */
export const NW2_REFERENCE = { lat: 51.55847, lng: -0.21989 } as const;
export const EARTH_RADIUS_MILES = 3958.8;
export const SERVICE_RADIUS_MILES = 30;
export const COVERAGE_CIRCLE_METRES = 48282;
export const COVERAGE_MAP_ZOOM = 7;
export const LOCAL_MAP_ZOOM = 13;
export const DEFAULT_VIA_STOP_LOCATION = 'London NW2, UK';

export const CHARGES = {
  congestionPence: 1500,
  ulezPence: 1250,
  congestionHours: '07:00 to 22:00 daily',
} as const;

export const PAYMENT_PERCENTAGES = [30, 50, 100] as const;
export type PaymentPercentage = (typeof PAYMENT_PERCENTAGES)[number];
/**
 * What was paid, spelt as the old back end stored it (the share glued to "percentage"): wire values
 * clients compare, so they stay; customers read them through PAYMENT_STATUS_TEXT.
 */
export const PAYMENT_STATUSES = ['unpaid', 'paid', '30percentage', '50percentage'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatusFor = (percentage: PaymentPercentage): PaymentStatus =>
  percentage === 100 ? 'paid' : (`${percentage}percentage` as PaymentStatus);

export const RETRIEVE_CODE_MAX = 10_000_000;

export const BOOKING_HOURS = {
  earliest: 6,
  latest: 21,
  stepMinutes: 15,
  leadHours: 2,
  timeZone: 'Europe/London',
} as const;
/** The soonest a move can start, in words, for marketing copy that promises how fast a driver can come ("2 hours"). */
export const LEAD_TIME_TEXT = `${BOOKING_HOURS.leadHours} hours`;
/** Hours a move is charged for at least (the house card's minimum; a booking of 1 h is charged 2). */
export const MINIMUM_CHARGED_HOURS = 2;

export const COOLING_OFF_HOURS = 1;
export const SECONDS_PER_HALF_HOUR = 1800;
