import {
  bookingTimeProblem,
  cleanItems,
  earliestBookingTime,
  MAX_HOURS,
  MAX_OFFERS,
  type HelpLevel,
  type OfferSort,
  type VanSize,
  estimateJob,
  DRIVER_NOT_FREE_FOR_CHANGE,
  MSG,
  type BookingDraft,
  type JobEstimate,
  type Offer,
  type Quote,
} from '@vanhop/contracts';
import { ConflictError, DomainError, ValidationError, type Clock } from '@vanhop/platform';
import { driverCanTake, driverSnapshot, type Driver, type DriverSnapshot } from '../domain/driver.js';
import type { GeoPort } from '../domain/geo-port.js';
import { pickupCoverage, type LatLng } from '../domain/great-circle.js';
import { priceOffer, type PricedOffer } from '../domain/offers.js';
import {
  byPriceAllIn,
  matchingOffers,
  offersPage,
  type RankedDriver,
  type RankedFilter,
} from '../domain/offer-ranking.js';
import { HOUSE_CARD, type PriceCard } from '../domain/price-card.js';
import {
  availabilityCoversSlots,
  londonSlots,
  moveWindow,
  overlapsBusy,
  SLOT_MINUTES,
  type LondonSlot,
  type Window,
} from '../domain/availability.js';
import { compliantFor } from '../domain/compliance.js';
import { chargesOnTheDay, knownChargesPence, type ChargeOnTheDay } from '../domain/charges-on-the-day.js';
import { moveTotals, priceMove, totalPenceOn } from '../domain/pricing.js';
import { hoursProblem } from '../domain/job-estimate.js';
import { NEIGHBOUR_MARGIN_MS, travelFits, type NeighbourJob } from '../domain/travel-between-jobs.js';
import { toOffer, toQuote } from './quote-wire.js';

/**
 * The active drivers (adapters/active-driver-cards.ts). `named`: a driver the caller asks for by id,
 * which a source holding a copy reads from the store when its copy does not have it.
 */
export interface DriverSource {
  listActive(named?: string): Promise<Driver[]>;
  /**
   * Those who can take a move from this pickup with this van and help (exactly driverCanTake's),
   * found through where drivers work: without it every active driver is looked at.
   */
  candidatesFor?(
    job: { pickup: LatLng; vanSize: VanSize; helpLevel: HelpLevel },
    named?: string,
  ): Promise<readonly Driver[]>;
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
    options?: { exceptBookingId?: string; holder?: string; driverIds?: readonly string[] },
  ): Promise<Map<string, Set<string>>>;
}

/** How far before a dated move its drivers' earlier work is looked at, for who is free soonest. */
const SOONEST_LOOKBACK_MS = 12 * 3_600_000;
/** How far ahead an undated quote looks for each driver's first free start. */
const SOONEST_LOOKAHEAD_MS = 24 * 3_600_000;
const SLOT_MS = SLOT_MINUTES * 60_000;

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
  /** Which offers to answer, in which order (default: price order, the first MAX_OFFERS). */
  page?: { sort?: OfferSort; offset?: number; limit?: number };
  /** Which offers the customer wants to see (the count and the pages are of those); default: all. */
  filter?: RankedFilter;
}

/** The drivers with `driverId`'s card replaced by the one the booking was made at. */
const withBookedCard = (drivers: Driver[], driverId: string | undefined, card: PriceCard | undefined): Driver[] =>
  card && driverId !== undefined ? drivers.map((d) => (d._id === driverId ? { ...d, card } : d)) : drivers;

export interface PricedMove {
  quote: Quote;
  /** The page of offers asked for (options.page), at most MAX_OFFERS. */
  offers: Offer[];
  /** How many drivers can take the move (those the filter keeps, when one is given). */
  offersTotal: number;
  /** Every driver who can take the move with their total, in no order (the fallback's candidates). */
  ranked: RankedDriver[];
  /** What a driver's customer pays on the day for this move (ULEZ, congestion), by the driver's van. */
  chargesFor(driver: Driver): ChargeOnTheDay[];
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
    const pickup = stops[0]!;
    const job = { pickup, vanSize: data.vanSize, helpLevel: data.driverHelp };
    // Only the drivers who work where the pickup is are read (the grid of ActiveDriverCards): from
    // here on the cost follows those who can take the move, not the fleet.
    const canTake = this.deps.drivers.candidatesFor
      ? await this.deps.drivers.candidatesFor(job, options.driverId)
      : (await this.deps.drivers.listActive(options.driverId)).filter((d) => driverCanTake(d, job));
    const drivers = withBookedCard(
      compliantFor(canTake, now, start, options.forBookingId),
      options.driverId,
      options.bookedCard,
    );
    const checkBusy = (options.checkBusy ?? false) || options.forBookingId !== undefined;
    const { free, busy } = await this.freeDrivers(
      drivers,
      start,
      data.hour,
      checkBusy,
      options.forBookingId,
      options.outsideHours && options.forBookingId !== undefined ? options.driverId : undefined,
    );
    const ends = { pickup: data.addresses[0]!.location, dropoff: data.addresses.at(-1)!.location };
    const able =
      start && checkBusy ? await this.withTimeToGetThere(free, start, data.hour, ends, options.forBookingId) : free;
    const totals = moveTotals({
      ...move,
      flights: stops.map((s) => s.flights),
      viaStops: Math.max(0, stops.length - 2),
      routeMiles: route.miles,
    });
    const freeAt = await this.soonestFree(able, start, data.hour, checkBusy, busy);
    const chargesFor = (d: Driver) =>
      chargesOnTheDay({ pickup: stops[0]!, dropoff: stops.at(-1)!, stops, ulezCompliant: d.ulezCompliant });
    // The known charges differ only by whether the van is ULEZ compliant: worked out twice, not per driver.
    const onTheDay = new Map<boolean, number>();
    const onTheDayPence = (d: Driver) => {
      if (!onTheDay.has(d.ulezCompliant)) onTheDay.set(d.ulezCompliant, knownChargesPence(chargesFor(d)));
      return onTheDay.get(d.ulezCompliant)!;
    };
    const ranked: RankedDriver[] = able.map((driver) => ({
      driver,
      totalPence: totalPenceOn(totals, driver.card),
      freeAt: freeAt(driver),
      onTheDayPence: onTheDayPence(driver),
    }));
    const matching = matchingOffers(ranked, options.filter);

    const sort = options.page?.sort ?? 'price';
    const page = offersPage(
      matching,
      sort,
      options.page?.offset ?? 0,
      Math.min(options.page?.limit ?? MAX_OFFERS, MAX_OFFERS),
    );
    let cheapest: RankedDriver | undefined;
    for (const r of ranked) if (!cheapest || byPriceAllIn(r, cheapest) < 0) cheapest = r;
    const named = options.driverId !== undefined ? ranked.find((r) => r.driver._id === options.driverId) : cheapest;
    if (options.driverId !== undefined && !named) {
      if (options.forBookingId !== undefined) throw new ConflictError(DRIVER_NOT_FREE_FOR_CHANGE);
      throw new ConflictError('The chosen driver does not offer this move any more: please pick another quote.');
    }
    // Priced in full only for the offers answered and the one the quote is priced from.
    const full = new Map<RankedDriver, PricedOffer>();
    const fullOffer = (r: RankedDriver) => {
      if (!full.has(r)) full.set(r, priceOffer(move, r.driver));
      return full.get(r)!;
    };
    const chosen = named ? fullOffer(named) : null;
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
      offers: page.map((r) => toOffer(fullOffer(r), data, estimate)),
      offersTotal: matching.length,
      ranked,
      chargesFor,
      chosen,
      driver: chosen ? driverSnapshot(chosen.driver) : null,
      totalPricePence: pricing.totalPence,
      pricePerHalfHourPence: pricing.overtimePerHalfHourPence,
      estimate,
    };
  }

  /**
   * When each driver is free, for the "soonest free" order (docs/PRICING.md). A dated move: the end
   * of the driver's last booked quarter hour in the 12 hours before its start (nothing booked: free
   * all that time), so the driver with the most slack before the move comes first. An undated quote:
   * the first start from the earliest bookable time, within a day, at which the driver holds none of
   * the move's hours. Without busy times read (a price for a booking already chosen) everyone ties.
   */
  private async soonestFree(
    drivers: Driver[],
    start: Date | undefined,
    hours: number | undefined,
    checkBusy: boolean,
    busy: Map<string, Set<string>> | null,
  ): Promise<(d: Driver) => number> {
    if (start) {
      const since = start.getTime() - SOONEST_LOOKBACK_MS;
      if (!busy) return () => since;
      return (d) => {
        const slots = busy.get(d._id);
        if (!slots) return since;
        let free = since;
        for (const s of slots) {
          const t = Date.parse(s);
          if (t < start.getTime() && t + SLOT_MS > free) free = t + SLOT_MS;
        }
        return free;
      };
    }
    const earliest = earliestBookingTime(this.deps.clock.now()).getTime();
    if (!checkBusy || !this.deps.busy || drivers.length === 0) return () => earliest;
    const held = await this.deps.busy.busy(new Date(earliest), new Date(earliest + SOONEST_LOOKAHEAD_MS), {
      driverIds: drivers.map((d) => d._id),
    });
    return (d) => {
      const slots = held.get(d._id);
      if (!slots || slots.size === 0) return earliest;
      const taken = new Set([...slots].map((s) => Date.parse(s)));
      const length = Math.max(hours ?? 0, d.card.minimumHours) * 3_600_000;
      for (let at = earliest; at < earliest + SOONEST_LOOKAHEAD_MS; at += SLOT_MS) {
        let clear = true;
        for (let t = at; t < at + length && clear; t += SLOT_MS) clear = !taken.has(t);
        if (clear) return at;
      }
      return earliest + SOONEST_LOOKAHEAD_MS;
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
    // Windows differ only by the drivers' minimum hours: one per minimum, shared.
    const byMinimum = new Map<number, Window>();
    const windows = drivers.map((d) => {
      const held = byMinimum.get(d.card.minimumHours);
      if (held) return held;
      const w = moveWindow(start, hours, d.card.minimumHours);
      byMinimum.set(d.card.minimumHours, w);
      return w;
    });
    let latestEnd = start.getTime();
    for (const w of byMinimum.values()) latestEnd = Math.max(latestEnd, w.end.getTime());
    // One read for every driver's jobs around the move rather than one per driver.
    const around = source.jobsNear
      ? await source.jobsNear(
          drivers.map((d) => d._id),
          new Date(start.getTime() - NEIGHBOUR_LOOKBACK_MS),
          new Date(latestEnd + NEIGHBOUR_MARGIN_MS + 24 * 3_600_000),
        )
      : null;
    // Nobody has a job near the move: nothing to drive between.
    if (around && around.size === 0) return drivers;
    // Most drivers have no job near the window: only those who do wait for a drive to be worked out.
    const checks: (boolean | Promise<boolean>)[] = drivers.map((d, i) => {
      const window = windows[i]!;
      const jobs = around ? around.get(d._id) : undefined;
      if (around && !jobs) return true;
      const near = (jobs ?? []).filter(
        (j) =>
          j.bookingId !== exceptBookingId &&
          j.window.end.getTime() > window.start.getTime() - NEIGHBOUR_MARGIN_MS &&
          j.window.start.getTime() < window.end.getTime() + NEIGHBOUR_MARGIN_MS,
      );
      if (around) return near.length === 0 || travelFits(window, move, near, driveSeconds);
      return source.jobsOf(d._id).then((all) => {
        const close = all.filter(
          (j) =>
            j.bookingId !== exceptBookingId &&
            j.window.end.getTime() > window.start.getTime() - NEIGHBOUR_MARGIN_MS &&
            j.window.start.getTime() < window.end.getTime() + NEIGHBOUR_MARGIN_MS,
        );
        return close.length === 0 || travelFits(window, move, close, driveSeconds);
      });
    });
    const fits = checks.every((c) => typeof c === 'boolean') ? checks : await Promise.all(checks);
    return drivers.filter((_, i) => fits[i]);
  }

  private async driveBetween(from: string, to: string): Promise<number | null> {
    if (from === to) return 0;
    const [a, b] = await Promise.all([this.deps.geo.geocode(from), this.deps.geo.geocode(to)]);
    return a && b ? (await this.deps.geo.route([a, b])).seconds : null;
  }

  /**
   * Drivers who work through the whole move window (and, when asked, are not booked in it), with
   * the busy times read (from 12 hours before the start, for soonestFree), or null when none were.
   */
  private async freeDrivers(
    drivers: Driver[],
    start: Date | undefined,
    hours: number | undefined,
    checkBusy: boolean,
    exceptBookingId: string | undefined,
    anyHoursDriverId?: string,
  ): Promise<{ free: Driver[]; busy: Map<string, Set<string>> | null }> {
    // Without a date a quote is only a comparison (docs/PRICING.md, "Who can quote"): nobody is ruled out by time yet.
    if (!start) return { free: drivers, busy: null };
    // Drivers' windows differ only by their minimum hours: one window (and its London quarter hours) per minimum.
    const byMinimum = new Map<number, { window: Window; slots: LondonSlot[] | null; key: string }>();
    const windowOf = (d: Driver) => {
      const held = byMinimum.get(d.card.minimumHours);
      if (held) return held;
      const window = moveWindow(start, hours, d.card.minimumHours);
      const w = {
        window,
        slots: null as LondonSlot[] | null,
        key: `${window.start.getTime()}-${window.end.getTime()}`,
      };
      byMinimum.set(d.card.minimumHours, w);
      return w;
    };
    const available = drivers.filter((d) => {
      if (!d.availability || d._id === anyHoursDriverId) return true;
      const w = windowOf(d);
      w.slots ??= londonSlots(w.window);
      return availabilityCoversSlots(d.availability, w.slots, w.key);
    });
    if (!checkBusy || !this.deps.busy || available.length === 0) return { free: available, busy: null };
    let latest = 0;
    for (const d of available) latest = Math.max(latest, windowOf(d).window.end.getTime());
    // Every open checkout hides its driver from every quote, the customer's own too: an e-mail is no
    // proof of whose checkout it is, so the offers never tell anyone that an address has one open.
    const busy = await this.deps.busy.busy(
      new Date(Math.floor((start.getTime() - SOONEST_LOOKBACK_MS) / 900_000) * 900_000),
      new Date(latest),
      {
        driverIds: available.map((d) => d._id),
        ...(exceptBookingId !== undefined ? { exceptBookingId } : {}),
      },
    );
    if (busy.size === 0) return { free: available, busy };
    return {
      free: available.filter((d) => !busy.has(d._id) || !overlapsBusy(windowOf(d).window, busy.get(d._id)!)),
      busy,
    };
  }
}
