/**
 * A made-up fleet of any size, the same every time (a seeded generator): bases spread over twenty
 * London districts, a 25-mile radius, varied vans, help levels, cards, ratings and hours. The scale
 * bench and the tests of the quote's candidate index use it.
 */
import { HELP_LEVELS, VAN_SIZES, type Availability, type HelpLevel, type VanSize } from '@vanhop/contracts';
import type { Driver } from '@vanhop/contracts';
import { cardAround } from '@vanhop/contracts';

/** A small deterministic generator (mulberry32): the same seed gives the same fleet. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const LONDON_DISTRICTS: { label: string; lat: number; lng: number }[] = [
  { label: 'Cricklewood NW2', lat: 51.5553, lng: -0.2193 },
  { label: 'Wembley HA9', lat: 51.5566, lng: -0.3058 },
  { label: 'Croydon CR0', lat: 51.3733, lng: -0.0827 },
  { label: 'Stratford E15', lat: 51.5413, lng: -0.0035 },
  { label: 'Islington N1', lat: 51.5362, lng: -0.1033 },
  { label: 'Brixton SW2', lat: 51.4516, lng: -0.1211 },
  { label: 'Ealing W5', lat: 51.5129, lng: -0.3054 },
  { label: 'Greenwich SE10', lat: 51.4826, lng: -0.0077 },
  { label: 'Wimbledon SW19', lat: 51.4214, lng: -0.2064 },
  { label: 'Walthamstow E17', lat: 51.5831, lng: -0.0199 },
  { label: 'Hammersmith W6', lat: 51.4927, lng: -0.2339 },
  { label: 'Camden NW1', lat: 51.539, lng: -0.1426 },
  { label: 'Lewisham SE13', lat: 51.4615, lng: -0.0099 },
  { label: 'Tottenham N17', lat: 51.5975, lng: -0.0681 },
  { label: 'Harrow HA1', lat: 51.5806, lng: -0.3414 },
  { label: 'Romford RM1', lat: 51.5752, lng: 0.1833 },
  { label: 'Bromley BR1', lat: 51.4039, lng: 0.0198 },
  { label: 'Kingston KT1', lat: 51.4085, lng: -0.3064 },
  { label: 'Hounslow TW3', lat: 51.4668, lng: -0.3615 },
  { label: 'Enfield EN1', lat: 51.6538, lng: -0.0799 },
];

const pickSome = <T>(all: readonly T[], random: () => number, atLeast: T): T[] => {
  const some = all.filter((x) => x === atLeast || random() < 0.6);
  return some.length > 0 ? some : [atLeast];
};

const WORKING_WEEK: Availability = {
  weekly: {
    mon: [{ from: '07:00', to: '20:00' }],
    tue: [{ from: '07:00', to: '20:00' }],
    wed: [{ from: '07:00', to: '20:00' }],
    thu: [{ from: '07:00', to: '20:00' }],
    fri: [{ from: '07:00', to: '20:00' }],
    sat: [{ from: '08:00', to: '14:00' }],
    sun: [],
  },
  daysOff: [],
};

/** Driver `i` of the made-up fleet (ids `drv-scale-00001`...). */
export function syntheticDriver(i: number, seed = 42, over: Partial<Driver> = {}): Driver {
  const random = seededRandom(seed * 100_003 + i);
  const district = LONDON_DISTRICTS[i % LONDON_DISTRICTS.length]!;
  const id = String(i + 1).padStart(5, '0');
  const van: VanSize = VAN_SIZES[Math.floor(random() * VAN_SIZES.length)]!;
  const help: HelpLevel = HELP_LEVELS[Math.floor(random() * HELP_LEVELS.length)]!;
  const rate = 0.85 + Math.round(random() * 35) / 100;
  return {
    _id: `drv-scale-${id}`,
    name: `Driver ${id}`,
    email: `driver${id}@drivers.vanhop.example`,
    phone: `07700${String(900_000 + (i % 1000)).padStart(6, '0')}`,
    homeBase: {
      label: district.label,
      lat: district.lat + (random() - 0.5) * 0.04,
      lng: district.lng + (random() - 0.5) * 0.06,
    },
    serviceRadiusMiles: 25,
    vanSizes: pickSome(VAN_SIZES, random, van),
    helpLevels: pickSome(HELP_LEVELS, random, help),
    card: { ...cardAround(rate), minimumHours: random() < 0.2 ? 3 : 2 },
    rating: Math.round((3.5 + random() * 1.5) * 10) / 10,
    reviewCount: Math.floor(random() * 400),
    ulezCompliant: random() < 0.8,
    active: true,
    ...(random() < 0.3 ? { availability: WORKING_WEEK } : {}),
    ...over,
  };
}

export const syntheticFleet = (size: number, seed = 42): Driver[] =>
  Array.from({ length: size }, (_, i) => syntheticDriver(i, seed));
