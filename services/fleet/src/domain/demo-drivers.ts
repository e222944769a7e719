import { DEMO_DRIVER_CONTACTS, HELP_LEVELS, VAN_SIZES } from '@vanhop/contracts';
import type { Driver } from '@vanhop/contracts';
import { cardAround, HOUSE_CARD } from '@vanhop/contracts';

/**
 * Demo drivers seeded in embedded mode: ten self-employed drivers around London, each with their
 * own vans, help levels, service radius and a price card varied around the house card. Who they
 * are (id, name, e-mail on a reserved domain, a drama-range number) is the shared list in
 * contracts, which admin-auth opens their portal accounts from.
 */
const contact = (driverId: string) => {
  const c = DEMO_DRIVER_CONTACTS.find((d) => d.driverId === driverId);
  if (!c) throw new Error(`${driverId} is not in DEMO_DRIVER_CONTACTS`);
  return { _id: c.driverId, name: c.name, email: c.email, phone: c.phone };
};

export const DEMO_DRIVERS: Driver[] = [
  {
    ...contact('drv-ali-hassan'),
    homeBase: { label: 'Cricklewood NW2', lat: 51.55531, lng: -0.21929 },
    serviceRadiusMiles: 35,
    vanSizes: ['Medium', 'Large', 'Luton'],
    helpLevels: [...HELP_LEVELS],
    card: HOUSE_CARD,
    rating: 4.8,
    reviewCount: 212,
    ulezCompliant: true,
    active: true,
  },
  {
    ...contact('drv-priya-shah'),
    homeBase: { label: 'Wembley HA9', lat: 51.5566, lng: -0.30579 },
    serviceRadiusMiles: 25,
    vanSizes: ['Small', 'Medium', 'Large'],
    helpLevels: ['No-Help', 'Driver-Help', 'Driver-Plus-One'],
    card: cardAround(0.95),
    rating: 4.6,
    reviewCount: 87,
    ulezCompliant: true,
    active: true,
  },
  {
    ...contact('drv-tom-okafor'),
    homeBase: { label: 'Croydon CR0', lat: 51.37331, lng: -0.08268 },
    serviceRadiusMiles: 22,
    vanSizes: ['Large', 'Luton'],
    helpLevels: [...HELP_LEVELS],
    card: cardAround(1.05, { viaStopPence: 1500 }),
    rating: 4.9,
    reviewCount: 340,
    ulezCompliant: true,
    active: true,
  },
  {
    ...contact('drv-marta-nowak'),
    homeBase: { label: 'Stratford E15', lat: 51.54285, lng: -0.00346 },
    serviceRadiusMiles: 20,
    vanSizes: ['Medium', 'Large'],
    helpLevels: ['Driver-Help', 'Driver-Plus-One'],
    card: cardAround(0.9, { mileagePencePerMile: 140 }),
    rating: 4.4,
    reviewCount: 51,
    ulezCompliant: true,
    active: true,
  },
  {
    ...contact('drv-james-carter'),
    homeBase: { label: 'Watford WD17', lat: 51.66187, lng: -0.4067 },
    serviceRadiusMiles: 30,
    vanSizes: [...VAN_SIZES],
    helpLevels: ['No-Help', 'Driver-Help'],
    card: cardAround(1.1),
    rating: 4.7,
    reviewCount: 129,
    ulezCompliant: true,
    active: true,
  },
  {
    ...contact('drv-sofia-rossi'),
    homeBase: { label: 'Camden Town NW1', lat: 51.54498, lng: -0.13316 },
    serviceRadiusMiles: 15,
    vanSizes: ['Small', 'Medium'],
    helpLevels: [...HELP_LEVELS],
    card: cardAround(1.15),
    rating: 5.0,
    reviewCount: 64,
    ulezCompliant: true,
    active: true,
  },
  {
    ...contact('drv-kwame-mensah'),
    homeBase: { label: 'Richmond TW9', lat: 51.45752, lng: -0.29507 },
    serviceRadiusMiles: 20,
    vanSizes: ['Large', 'Luton'],
    helpLevels: ['Driver-Help', 'Driver-Plus-One', 'Driver-Plus-Two'],
    card: cardAround(1.2, { lateBookingPence: 2500 }),
    rating: 4.9,
    reviewCount: 198,
    ulezCompliant: true,
    active: true,
  },
  {
    ...contact('drv-dave-wilson'),
    homeBase: { label: 'Barking IG11', lat: 51.53698, lng: 0.0756 },
    serviceRadiusMiles: 25,
    vanSizes: ['Large', 'Luton'],
    helpLevels: [...HELP_LEVELS],
    card: cardAround(0.85),
    rating: 4.2,
    reviewCount: 33,
    ulezCompliant: false,
    active: true,
  },
  {
    ...contact('drv-hannah-lee'),
    homeBase: { label: 'Enfield EN1', lat: 51.66039, lng: -0.04167 },
    serviceRadiusMiles: 20,
    vanSizes: ['Small', 'Medium', 'Large'],
    helpLevels: ['No-Help', 'Driver-Help'],
    card: cardAround(1.0, { mileagePencePerMile: 120, viaStopPence: 1500 }),
    rating: 4.5,
    reviewCount: 76,
    ulezCompliant: true,
    active: true,
  },
  {
    ...contact('drv-ravi-patel'),
    homeBase: { label: 'Bromley BR1', lat: 51.40757, lng: 0.0194 },
    serviceRadiusMiles: 20,
    vanSizes: [...VAN_SIZES],
    helpLevels: [...HELP_LEVELS],
    card: cardAround(1.05),
    rating: 4.7,
    reviewCount: 151,
    ulezCompliant: true,
    active: true,
  },
];
