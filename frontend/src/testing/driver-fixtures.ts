/** Wire fixtures for the Drivers pages' and the driver portal's tests (not imported by the app). */
import type { DriverAccountView, DriverAdminView, DriverSelfView, JobView, PriceCardWire } from '@vanhop/contracts';

export const CARD: PriceCardWire = {
  vanPerHourPence: { Small: 3000, Medium: 3500, Large: 4000, Luton: 4500 },
  helpersPerHourPence: { 'No-Help': 0, 'Driver-Help': 500, 'Driver-Plus-One': 2000, 'Driver-Plus-Two': 3500 },
  stairPerFlightPerHourPence: { 'No-Help': 0, 'Driver-Help': 100, 'Driver-Plus-One': 150, 'Driver-Plus-Two': 200 },
  mileagePencePerMile: 120,
  freeRouteUnderMiles: 5,
  viaStopPence: 1000,
  lateBookingPence: 1500,
  lateBookingWithinMinutes: 120,
  outOfHoursPence: 2000,
  outOfHoursStartHours: [6, 20, 21],
  minimumHours: 2,
};

const scale = (card: PriceCardWire, f: number, fixed: Partial<Record<string, number>>) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(card)) {
    if (k === 'outOfHoursStartHours') continue;
    out[k] =
      typeof v === 'number'
        ? (fixed[k] ?? Math.round(v * f))
        : Object.fromEntries(Object.entries(v as Record<string, number>).map(([s, n]) => [s, Math.round(n * f)]));
  }
  return out as DriverAdminView['cardBounds']['min'];
};

/** Half to double the card's money, like the service's default bounds. */
export const BOUNDS: DriverAdminView['cardBounds'] = {
  min: scale(CARD, 0.5, { freeRouteUnderMiles: 0, lateBookingWithinMinutes: 0, minimumHours: 1 }),
  max: scale(CARD, 2, { freeRouteUnderMiles: 20, lateBookingWithinMinutes: 240, minimumHours: 4 }),
};

export const driver = (over: Partial<DriverAdminView> = {}): DriverAdminView => ({
  id: 'drv-alice',
  name: 'Alice Driver',
  email: 'alice@example.com',
  phone: '07700900123',
  vanSizes: ['Large', 'Luton'],
  helpLevels: ['Driver-Help', 'Driver-Plus-One'],
  basePostcode: 'NW2 1AA',
  homeBase: { label: 'NW2 1AA', lat: 51.56, lng: -0.22 },
  serviceRadiusMiles: 15,
  card: CARD,
  cardBounds: BOUNDS,
  photoUrl: '',
  ulezCompliant: true,
  active: true,
  rating: 4.8,
  reviewCount: 12,
  version: 3,
  updatedAt: '2026-01-10T10:00:00.000Z',
  ...over,
});

export const account = (over: Partial<DriverAccountView> = {}): DriverAccountView => ({
  driverId: 'drv-alice',
  name: 'Alice Driver',
  email: 'alice@example.com',
  active: true,
  status: 'active',
  invitedAt: '2026-01-01T10:00:00.000Z',
  inviteExpiresAt: null,
  passwordSetAt: '2026-01-02T10:00:00.000Z',
  lastLoginAt: null,
  ...over,
});

export const self = (over: Partial<DriverSelfView> = {}): DriverSelfView => ({
  ...driver(),
  availability: null,
  ...over,
});

export const job = (over: Partial<JobView> = {}): JobView => ({
  bookingId: 'bk-1',
  randomNumber: 4242,
  driverId: 'drv-alice',
  status: 'offered',
  offeredAt: '2026-03-01T09:00:00.000Z',
  respondBy: '2026-03-01T11:00:00.000Z',
  respondedAt: null,
  returnedBecause: null,
  move: {
    date: '2026-03-05T08:30:00.000Z',
    totalHour: 3,
    addresses: [
      { location: 'London NW2, UK', physicalAddress: '12 Cricklewood Lane', stair: 2 },
      { location: 'London SE1, UK', physicalAddress: '5 Borough High Street', stair: 0 },
    ],
    typeofVan: 'Large',
    typeOfWorker: 'Driver-Help',
    description: 'Sofa and boxes',
  },
  customer: { name: 'Carol Customer', email: 'carol@example.com', phone: '07700 900456' },
  ...over,
});
