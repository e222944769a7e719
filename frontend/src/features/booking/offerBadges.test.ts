import { describe, expect, it } from 'vitest';
import type { Offer } from '@vanhop/contracts';
import { offerBadges, sortOffers } from './offerBadges';

const rated = (driverId: string, totalPrice: number, rating: number, count: number) => ({
  offer: {
    driverId,
    driverName: driverId,
    rating,
    reviewCount: count,
    typeofVan: 'Large',
    typeOfWorker: 'Driver-Help',
    totalPrice,
    overtimePerHalfHour: 20,
    chargesOnTheDay: [],
    breakdown: [],
  } as Offer,
  rating,
  count,
});

describe('offer badges and sorting', () => {
  const list = [rated('a', 200, 4.9, 12), rated('b', 150, 4.2, 80), rated('c', 180, 0, 0)];

  it('gives Cheapest, Best rated and Most reviewed to the one offer that is best at each', () => {
    const badges = offerBadges(list);
    expect(badges.get('a')).toEqual(['Best rated']);
    expect(badges.get('b')).toEqual(['Cheapest', 'Most reviewed']);
    expect(badges.get('c')).toEqual([]);
  });

  it('gives no badge to a tie, nor to a lone offer', () => {
    expect(offerBadges([rated('a', 150, 4.5, 3), rated('b', 150, 4.5, 3)]).get('a')).toEqual([]);
    expect(offerBadges([rated('a', 150, 4.5, 3)]).get('a')).toEqual([]);
  });

  it('sorts by price (better rated first on a tie) or by rating (more reviews, then cheaper, on a tie)', () => {
    expect(sortOffers(list, 'price').map((r) => r.offer.driverId)).toEqual(['b', 'c', 'a']);
    expect(sortOffers(list, 'rating').map((r) => r.offer.driverId)).toEqual(['a', 'b', 'c']);
    expect(
      sortOffers([rated('x', 150, 4, 1), rated('y', 140, 4, 1), rated('z', 160, 4, 9)], 'rating').map(
        (r) => r.offer.driverId,
      ),
    ).toEqual(['z', 'y', 'x']);
  });

  it('counts the known charges on the day: £150 with £12.50 ULEZ is dearer than £155 with none', () => {
    const ulez = rated('u', 150, 4, 1);
    ulez.offer = {
      ...ulez.offer,
      chargesOnTheDay: [
        { label: 'ULEZ daily charge (van registered before 2005)', amount: 12.5 },
        { label: 'Parking at the addresses, if any', amount: null },
      ],
    };
    const clean = rated('k', 155, 4, 1);
    expect(offerBadges([ulez, clean]).get('k')).toEqual(['Cheapest']);
    expect(offerBadges([ulez, clean]).get('u')).toEqual([]);
    expect(sortOffers([ulez, clean], 'price').map((r) => r.offer.driverId)).toEqual(['k', 'u']);
  });
});
