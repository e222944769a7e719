import {
  bookingTimeProblem,
  cleanItems,
  MAX_HOURS,
  estimateJob,
  DRIVER_NOT_FREE_FOR_CHANGE,
  MSG,
  type BookingDraft,
  type JobEstimate,
  type Offer,
  type Quote,
} from '@vanhop/contracts';
import { ConflictError, DomainError, ValidationError, type Clock } from '@vanhop/platform';
import { driverSnapshot, type Driver, type DriverSnapshot } from '../domain/driver.js';
import type { GeoPort } from '../domain/geo-port.js';
import { pickupCoverage } from '../domain/great-circle.js';
import { offersFor, type PricedOffer } from '../domain/offers.js';
import { HOUSE_CARD, type PriceCard } from '../domain/price-card.js';
import { availabilityCovers, moveWindow, overlapsBusy } from '../domain/availability.js';
import { compliantFor } from '../domain/compliance.js';
import { priceMove } from '../domain/pricing.js';
import { hoursProblem } from '../domain/job-estimate.js';
import { NEIGHBOUR_MARGIN_MS, travelFits, type NeighbourJob } from '../domain/travel-between-jobs.js';
import { toOffer, toQuote } from './quote-wire.js';

/**
 * The active drivers (adapters/active-driver-cards.ts). `named`: a driver the caller asks for by id,
 * which a source holding a copy reads from the store when its copy does not have it.
 */
export interface DriverSource {
  listActive(named?: string): Promise<Driver[]>;
}

/**
 * A driver's other live jobs (their windows and places), for the drive between jobs. `jobsNear`:
 * those of several drivers starting within [from, to), in one read (jobsOf is read per driver).
 */
export interface NeighbourJobSource {
  jobsOf(driverId: string): Promise<NeighbourJob[]>;
  jobsNear?(driverIds: string[], from: Date, to: Date): Promise<Map<string, NeighbourJob[]>>;
}

/**
 * How far before a move's window a neighbour job may start and still end near it: the margin, the
 * longest booking, and a day to spare (the store compares the ISO dates as text).
 */
const NEIGHBOUR_LOOKBACK_MS = NEIGHBOUR_MARGIN_MS + (MAX_HOURS + 24) * 3_600_000;

/** Quarter hours drivers are already booked or held for (adapters/driver-slots.ts). */
export interface BusySource {
  busy(
    from: Date,
    to: Date,
    options?: { exceptBookingId?: string; holder?: string },
  ): Promise<Map<string, Set<string>>>;
}

export interface PriceOptions {
  driverId?: string;
  checkBusy?: boolean;
  hoursMustCoverDrive?: boolean;
  forBookingId?: string;
  bookedCard?: PriceCard;
  /**
   * A move already booked and paid, priced to find it another driver: the lead time a new booking
   * needs does not apply (a driver dropping out the evening before is when another is needed most).
   */
  bookedMove?: boolean;
  /**
   * With `forBookingId` and `driverId`: that driver is priced even outside their weekly hours and
   * days off (a staff amendment they are then asked to confirm); their other jobs still rule them out.
   */
  outsideHours?: boolean;
}

/** The drivers with `driverId`'s card replaced by the one the booking was made at. */
const withBookedCard = (drivers: Driver[], driverId: string | undefined, card: PriceCard | undefined): Driver[] =>
  card && driverId !== undefined ? drivers.map((d) => (d._id === driverId ? { ...d, card } : d)) : drivers;

export interface PricedMove {
  quote: Quote;
  offers: Offer[];
  /** The offer the quote was priced from (the chosen driver's, or the cheapest), null when none matched. */
  chosen: PricedOffer | null;
  driver: DriverSnapshot | null;
  totalPricePence: number;
  pricePerHalfHourPence: number;
  estimate: JobEstimate;
}

/**
 * 400 naming `hour`: the hours booked cannot cover the drive. The answer carries the estimate, so a
 * form can offer the suggested hours in one click.
 */
export class HoursTooShortError extends DomainError {
  constructor(message: string, estimate: JobEstimate) {
    super(message, 400, 'validation_failed', { errors: { hour: message }, estimate });
  }
}

/**
 * Use case: price a booking for every matching driver. Addresses are resolved with the geo port,
 * the pickup must be inside the 30-mile NW2 radius, a date (when given) must be an allowed start.
 */
export class PriceMove {
  constructor(
    private readonly deps: {
      geo: GeoPort;
      drivers: DriverSource;
      clock: Clock;
      busy?: BusySource;
      neighbours?: NeighbourJobSource;
    },
  ) {}

  /**
   * `checkBusy`: leave out drivers already booked or held for part of the window (the customer's
   * offers; always on when re-pricing a booking, see `forBookingId`).
   * `hoursMustCoverDrive`: refuse booked hours shorter than the drive (the customer's own quotes);
   * re-pricing a stored booking leaves it out, so a booking made before the rule still re-prices.
   * `forBookingId`: re-pricing that stored booking after a change (a new date, hours, stops): its
   * driver must be free for the changed move like any quoted driver, its own slots left out, or the
   * change is refused (409) rather than booked over another job.
   * `bookedCard`: the rates the booking was made at, used for its driver instead of the card they
   * have now, so a change is priced at what was agreed.
   */
  async run(data: BookingDraft, options: PriceOptions = {}): Promise<PricedMove> {
    const now = this.deps.clock.now();
    const start = data.date ? new Date(data.date) : undefined;
    if (start && !options.bookedMove) {
      const problem = bookingTimeProblem(start, now);
      if (problem) throw new ValidationError(problem, { date: problem });
    }

    const points = await Promise.all(data.addresses.map((a) => this.deps.geo.geocode(a.location)));
    const missing = points.indexOf(null);
    if (missing >= 0) {
      throw new ValidationError(MSG.home.selectFromList, {
        [`addresses[${missing}].location`]: MSG.home.selectFromList,
      });
    }
    const stops = points.map((p, i) => ({ ...p!, flights: data.addresses[i]!.stair ?? 0 }));
    if (!pickupCoverage(stops[0]!).withinRadius) {
      throw new ValidationError(MSG.home.outOfArea, { 'addresses[0].location': MSG.home.outOfArea });
    }

    const route = await this.deps.geo.route(stops);
    const items = cleanItems(data.items);
    const estimate = estimateJob({
      vanSize: data.vanSize,
      helpLevel: data.driverHelp,
      flights: stops.map((s) => s.flights),
      items,
      driveSeconds: route.seconds,
    });
    const tooShort = options.hoursMustCoverDrive ? hoursProblem(estimate, data.hour) : null;
    if (tooShort) throw new HoursTooShortError(tooShort, estimate);
    const move = {
      vanSize: data.vanSize,
      helpLevel: data.driverHelp,
      bookedHours: data.hour,
      stops,
      route,
      start,
      now,
    };
    const drivers = withBookedCard(
      compliantFor(await this.deps.drivers.listActive(options.driverId), now, start, options.forBookingId),
      options.driverId,
      options.bookedCard,
    );
    const checkBusy = (options.checkBusy ?? false) || options.forBookingId !== undefined;
    const free = await this.freeDrivers(
      drivers,
      start,
      data.hour,
      checkBusy,
      options.forBookingId,
      options.outsideHours && options.forBookingId !== undefined ? options.driverId : undefined,
    );
    const ends = { pickup: data.addresses[0]!.location, dropoff: data.addresses.at(-1)!.location };
    const priced = offersFor(
      move,
      start && checkBusy ? await this.withTimeToGetThere(free, start, data.hour, ends, options.forBookingId) : free,
    );

    let chosen: PricedOffer | null = priced[0] ?? null;
    if (options.driverId !== undefined) {
      chosen = priced.find((o) => o.driver._id === options.driverId) ?? null;
      if (!chosen && options.forBookingId !== undefined) throw new ConflictError(DRIVER_NOT_FREE_FOR_CHANGE);
      if (!chosen)
        throw new ConflictError('The chosen driver does not offer this move any more: please pick another quote.');
    }
    // With no matching driver the customer still sees the house price (no driver attached yet).
    const pricing =
      chosen?.pricing ??
      priceMove(
        {
          ...move,
          flights: stops.map((s) => s.flights),
          viaStops: Math.max(0, stops.length - 2),
          routeMiles: route.miles,
        },
        HOUSE_CARD,
      );
    return {
      quote: toQuote(data, pricing, route, chosen, estimate),
      offers: priced.map((o) => toOffer(o, data, estimate)),
      chosen,
      driver: chosen ? driverSnapshot(chosen.driver) : null,
      totalPricePence: pricing.totalPence,
      pricePerHalfHourPence: pricing.overtimePerHalfHourPence,
      estimate,
    };
  }

  /**
   * Drivers who can drive from their job before this move to its pickup, and from its drop-off to
   * their next job, in the time between (a driver booked NW2 → SE1 until 13:00 is not offered a 13:00
   * start back in NW2). Only drivers with another live job near the window are looked at.
   */
  private async withTimeToGetThere(
    drivers: Driver[],
    start: Date,
    hours: number | undefined,
    move: { pickup: string; dropoff: string },
    exceptBookingId: string | undefined,
  ): Promise<Driver[]> {
    const source = this.deps.neighbours;
    if (!source || drivers.length === 0) return drivers;
    const drives = new Map<string, Promise<number | null>>();
    const driveSeconds = (from: string, to: string) => {
      const key = `${from}\u0000${to}`;
      if (!drives.has(key)) drives.set(key, this.driveBetween(from, to));
      return drives.get(key)!;
    };
    const windows = drivers.map((d) => moveWindow(start, hours, d.card.minimumHours));
    // One read for every driver's jobs around the move rather than one per driver.
    const around = source.jobsNear
      ? await source.jobsNear(
          drivers.map((d) => d._id),
          new Date(Math.min(...windows.map((w) => w.start.getTime())) - NEIGHBOUR_LOOKBACK_MS),
          new Date(Math.max(...windows.map((w) => w.end.getTime())) + NEIGHBOUR_MARGIN_MS + 24 * 3_600_000),
        )
      : null;
    const fits = await Promise.all(
      drivers.map(async (d, i) => {
        const window = windows[i]!;
        const near = (around ? (around.get(d._id) ?? []) : await source.jobsOf(d._id)).filter(
          (j) =>
            j.bookingId !== exceptBookingId &&
            j.window.end.getTime() > window.start.getTime() - NEIGHBOUR_MARGIN_MS &&
            j.window.start.getTime() < window.end.getTime() + NEIGHBOUR_MARGIN_MS,
        );
        return near.length === 0 || (await travelFits(window, move, near, driveSeconds));
      }),
    );
    return drivers.filter((_, i) => fits[i]);
  }

  private async driveBetween(from: string, to: string): Promise<number | null> {
    if (from === to) return 0;
    const [a, b] = await Promise.all([this.deps.geo.geocode(from), this.deps.geo.geocode(to)]);
    return a && b ? (await this.deps.geo.route([a, b])).seconds : null;
  }

  /** Drivers who work through the whole move window (and, when asked, are not booked in it). */
  private async freeDrivers(
    drivers: Driver[],
    start: Date | undefined,
    hours: number | undefined,
    checkBusy: boolean,
    exceptBookingId: string | undefined,
    anyHoursDriverId?: string,
  ): Promise<Driver[]> {
    // Without a date a quote is only a comparison (docs/PRICING.md, "Who can quote"): nobody is ruled out by time yet.
    if (!start) return drivers;
    const windows = new Map(drivers.map((d) => [d._id, moveWindow(start, hours, d.card.minimumHours)]));
    const available = drivers.filter(
      (d) => d._id === anyHoursDriverId || availabilityCovers(d.availability, windows.get(d._id)!),
    );
    if (!checkBusy || !this.deps.busy || available.length === 0) return available;
    const latest = Math.max(...available.map((d) => windows.get(d._id)!.end.getTime()));
    // Every open checkout hides its driver from every quote, the customer's own too: an e-mail is no
    // proof of whose checkout it is, so the offers never tell anyone that an address has one open.
    const busy = await this.deps.busy.busy(
      new Date(Math.floor(start.getTime() / 900_000) * 900_000),
      new Date(latest),
      exceptBookingId !== undefined ? { exceptBookingId } : {},
    );
    return available.filter((d) => !overlapsBusy(windows.get(d._id)!, busy.get(d._id) ?? []));
  }
}
