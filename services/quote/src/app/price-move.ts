import {
  DRIVER_NOT_FREE_FOR_CHANGE,
  MAX_OFFERS,
  type BookingDraft,
  type FlexibleDate,
  type HelpLevel,
  type JobEstimate,
  type Offer,
  type OfferSort,
  type Quote,
  type VanSize,
} from '@vanhop/contracts';
import { ConflictError, type Clock } from '@vanhop/platform';
import { moveNumbers, rowsOf, type CandidateRows } from '../domain/card-columns.js';
import { chargesOnTheDay, knownChargesPence, type ChargeOnTheDay } from '../domain/charges-on-the-day.js';
import { driverCanTake, driverSnapshot, type Driver, type DriverSnapshot } from '@vanhop/contracts';
import type { GeoPort } from '../domain/geo-port.js';
import type { LatLng } from '../domain/great-circle.js';
import { priceOffer, type PricedOffer } from '../domain/offers.js';
import { offersPage, type RankedDriver, type RankedFilter } from '../domain/offer-ranking.js';
import { HOUSE_CARD, type PriceCard } from '@vanhop/contracts';
import { moveTotals, priceMove, totalPenceOn, type MoveTotals } from '../domain/pricing.js';
import { rankCandidates, type CandidatePass, type CandidateRules, type RankedRow } from '../domain/rank-candidates.js';
import { CandidateTime, type BusySource, type NeighbourJobSource } from './candidate-time.js';
import { FLEXIBLE_CHEAPEST, FlexibleDates } from './flexible-dates.js';
import { toOffer, toQuote } from './quote-wire.js';
import { resolveMove, type ResolvedMove } from './resolve-move.js';

export { HoursTooShortError } from './resolve-move.js';
export type { BusySource, NeighbourJobSource } from './candidate-time.js';

/**
 * The active drivers (adapters/active-driver-cards.ts). `named`: a driver the caller asks for by id,
 * which a source holding a copy reads from the store when its copy does not have it.
 */
export interface DriverSource {
  listActive(named?: string): Promise<Driver[]>;
  /**
   * Those who can take a move from this pickup with this van and help (exactly driverCanTake's), as
   * rows of the cards' columns, found through where drivers work: without it every active driver is
   * looked at.
   */
  candidateRows?(
    job: { pickup: LatLng; vanSize: VanSize; helpLevel: HelpLevel },
    named?: string,
  ): Promise<CandidateRows>;
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
  /** Which offers to answer, in which order (default: price order, the first MAX_OFFERS). */
  page?: { sort?: OfferSort; offset?: number; limit?: number };
  /** Answer every driver who can take the move in `ranked` (finding a booked move another driver). */
  everyDriver?: boolean;
  /** A dated move: price the same move on the days either side too (`flexibleDates`). */
  flexibleDates?: boolean;
  /** Which offers the customer wants to see (the count and the pages are of those); default: all. */
  filter?: RankedFilter;
}

export interface PricedMove {
  quote: Quote;
  /** The page of offers asked for (options.page), at most MAX_OFFERS. */
  offers: Offer[];
  /** How many drivers can take the move (those the filter keeps, when one is given). */
  offersTotal: number;
  /** With `everyDriver`: every driver who can take the move with their total, in no order (the fallback's candidates); else empty. */
  ranked: RankedDriver[];
  /** What a driver's customer pays on the day for this move (ULEZ, congestion), by the driver's van. */
  chargesFor(driver: Driver): ChargeOnTheDay[];
  /** Where the move starts (a driver's radius is measured from it). */
  pickup: LatLng;
  /** The offer the quote was priced from (the chosen driver's, or the cheapest), null when none matched. */
  chosen: PricedOffer | null;
  driver: DriverSnapshot | null;
  totalPricePence: number;
  pricePerHalfHourPence: number;
  estimate: JobEstimate;
  /** With `flexibleDates` and a date: the lowest price on each of the 7 days either side. */
  flexibleDates?: FlexibleDate[];
}

/** Past this many rows a page needs, every driver is ranked and paged as a whole (a far "more" page). */
const MOST_ROWS_PICKED = 256;

/** The rows a page at `offset` needs (see rankCandidates' `picked`): the pages before it, a page, and the highlights. */
const rowsNeeded = (offset: number, limit: number) => (offset === 0 ? 0 : offset + limit) + Math.max(limit, 3);

/**
 * The ranked driver of a row, one object per row (offersPage and the full offers go by identity);
 * the driver whose booking is re-priced carries the card it was made at.
 */
function rankedDriverOf(rows: CandidateRows, options: PriceOptions): (r: RankedRow) => RankedDriver {
  const made = new Map<number, RankedDriver>();
  return (r) => {
    let ranked = made.get(r.slot);
    if (!ranked) {
      const driver = rows.columns.driverAt(r.slot);
      const card = options.driverId === driver._id ? options.bookedCard : undefined;
      ranked = {
        driver: card ? { ...driver, card } : driver,
        totalPence: r.totalPence,
        freeAt: r.freeAt,
        onTheDayPence: r.onTheDayPence,
      };
      made.set(r.slot, ranked);
    }
    return ranked;
  };
}

/**
 * The known charges on the day (ULEZ, congestion) for a van that is ULEZ compliant and one that is
 * not: they differ only by that, so they are worked out twice a quote, not per driver.
 */
function onTheDay(resolved: ResolvedMove): { compliant: number; notCompliant: number } {
  const stops = resolved.request.stops;
  const known = (ulezCompliant: boolean) =>
    knownChargesPence(chargesOnTheDay({ pickup: stops[0]!, dropoff: stops.at(-1)!, stops, ulezCompliant }));
  return { compliant: known(true), notCompliant: known(false) };
}

/**
 * Use case: price a booking for every matching driver. Addresses are resolved with the geo port,
 * the pickup must be inside the 30-mile NW2 radius, a date (when given) must be an allowed start.
 */
export class PriceMove {
  private readonly time: CandidateTime;
  private readonly flexible: FlexibleDates;

  constructor(
    private readonly deps: {
      geo: GeoPort;
      drivers: DriverSource;
      clock: Clock;
      busy?: BusySource;
      neighbours?: NeighbourJobSource;
    },
  ) {
    const timeDeps = {
      busy: deps.busy,
      neighbours: deps.neighbours,
      driveBetween: (from: string, to: string) => this.driveBetween(from, to),
    };
    this.time = new CandidateTime(timeDeps);
    this.flexible = new FlexibleDates(timeDeps);
  }

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
    const resolved = await resolveMove(this.deps.geo, data, this.deps.clock.now(), options);
    const sort = options.page?.sort ?? 'price';
    const offset = options.page?.offset ?? 0;
    const limit = Math.min(options.page?.limit ?? MAX_OFFERS, MAX_OFFERS);
    const first = rowsNeeded(offset, limit);
    const everyone = options.everyDriver === true || first > MOST_ROWS_PICKED;
    const start = resolved.request.start;
    const flexible = options.flexibleDates === true && start !== undefined;
    const { rows, pass } = await this.rankedRows(resolved, moveTotals(resolved.toPrice), options, {
      sort,
      first,
      everyone,
      cheapest: flexible ? FLEXIBLE_CHEAPEST : 0,
      ...(options.filter ? { filter: options.filter } : {}),
    });
    // Read now: the rows may name other drivers after the next await.
    const toRanked = rankedDriverOf(rows, options);
    const cheapestFirst = pass.cheapestFirst.map(toRanked);
    const longestLateMinutes = rows.columns.longestLateMinutes;
    const all = pass.everyone?.map(toRanked) ?? [];
    const page = offersPage(everyone ? all : pass.picked.map(toRanked), sort, offset, limit);
    const named = options.driverId !== undefined ? pass.named : pass.cheapest;
    if (options.driverId !== undefined && !named) {
      if (options.forBookingId !== undefined) throw new ConflictError(DRIVER_NOT_FREE_FOR_CHANGE);
      throw new ConflictError('The chosen driver does not offer this move any more: please pick another quote.');
    }
    const priced = this.answer(data, resolved, named ? toRanked(named) : undefined, page, pass.count, all);
    if (!flexible) return priced;
    const flexibleDates = await this.flexible.around({
      move: { ...resolved.toPrice, start },
      cheapest: cheapestFirst,
      longestLateMinutes,
      ends: resolved.ends,
      cheapestAt: (other) => this.cheapestAt(resolved, other),
    });
    return { ...priced, flexibleDates };
  }

  /** The lowest total any free driver offers for the move at another start (a whole customer's quote for it), or null. */
  private async cheapestAt(resolved: ResolvedMove, start: Date): Promise<number | null> {
    const moved: ResolvedMove = {
      ...resolved,
      request: { ...resolved.request, start },
      toPrice: { ...resolved.toPrice, start },
    };
    const { pass } = await this.rankedRows(
      moved,
      moveTotals(moved.toPrice),
      { checkBusy: true },
      {
        sort: 'price',
        first: 0,
        everyone: false,
        cheapest: 0,
      },
    );
    return pass.cheapest?.totalPence ?? null;
  }

  /**
   * The candidates and the pass over them. Ranking reads the cards' columns by row, so it runs only
   * on rows read at the columns' current version: a driver written while the busy times were read
   * (a rare change) has the candidates and their rules read again.
   */
  private async rankedRows(
    resolved: ResolvedMove,
    totals: MoveTotals,
    options: PriceOptions,
    selection: { sort: OfferSort; first: number; everyone: boolean; cheapest: number; filter?: RankedFilter },
  ): Promise<{ rows: CandidateRows; pass: CandidatePass }> {
    for (;;) {
      const rows = await this.candidates(resolved, options.driverId);
      const named = options.driverId !== undefined ? rows.columns.slotOf(options.driverId) : undefined;
      const rules = {
        ...(await this.rulesFor(rows, resolved, totals, options, named)),
        onTheDayPence: onTheDay(resolved),
      };
      if (rows.columns.version !== rows.version) continue;
      const move = moveNumbers({ ...resolved.toPrice, flights: totals.flights, startHour: totals.startHour });
      return { rows, pass: rankCandidates(rows.columns, rows.slots, move, rules, { ...selection, named }) };
    }
  }

  /** Those who can take the move, from the source's grid or, without one, every active driver tested. */
  private async candidates(resolved: ResolvedMove, named: string | undefined): Promise<CandidateRows> {
    const { request } = resolved;
    const job = { pickup: request.stops[0]!, vanSize: request.vanSize, helpLevel: request.helpLevel };
    // Only the drivers who work where the pickup is are read (the grid of ActiveDriverCards): from
    // here on the cost follows those who can take the move, not the fleet.
    if (this.deps.drivers.candidateRows) return this.deps.drivers.candidateRows(job, named);
    return rowsOf((await this.deps.drivers.listActive(named)).filter((d) => driverCanTake(d, job)));
  }

  private rulesFor(
    rows: CandidateRows,
    resolved: ResolvedMove,
    totals: MoveTotals,
    options: PriceOptions,
    named: number | undefined,
  ): Promise<CandidateRules> {
    const { request } = resolved;
    const bookedCard = named !== undefined ? options.bookedCard : undefined;
    return this.time.rules(rows, {
      start: request.start,
      hours: request.bookedHours,
      now: request.now,
      checkBusy: (options.checkBusy ?? false) || options.forBookingId !== undefined,
      forBookingId: options.forBookingId,
      anyHoursSlot: options.outsideHours && options.forBookingId !== undefined ? (named ?? -1) : -1,
      ...(bookedCard
        ? {
            override: {
              slot: named!,
              minimumHours: bookedCard.minimumHours,
              totalPence: totalPenceOn(totals, bookedCard),
            },
          }
        : {}),
      ends: resolved.ends,
    });
  }

  /** The quote and the page of offers, priced in full only for those answered and the one the quote is priced from. */
  private answer(
    data: BookingDraft,
    resolved: ResolvedMove,
    named: RankedDriver | undefined,
    page: RankedDriver[],
    offersTotal: number,
    ranked: RankedDriver[],
  ): PricedMove {
    const { request, toPrice, estimate } = resolved;
    const full = new Map<RankedDriver, PricedOffer>();
    const fullOffer = (r: RankedDriver) => {
      if (!full.has(r)) full.set(r, priceOffer(request, r.driver));
      return full.get(r)!;
    };
    const chosen = named ? fullOffer(named) : null;
    // With no matching driver the customer still sees the house price (no driver attached yet).
    const pricing = chosen?.pricing ?? priceMove(toPrice, HOUSE_CARD);
    const stops = request.stops;
    return {
      quote: toQuote(data, pricing, request.route, chosen, estimate),
      offers: page.map((r) => toOffer(fullOffer(r), data, estimate)),
      offersTotal,
      ranked,
      pickup: { lat: stops[0]!.lat, lng: stops[0]!.lng },
      chargesFor: (d) =>
        chargesOnTheDay({ pickup: stops[0]!, dropoff: stops.at(-1)!, stops, ulezCompliant: d.ulezCompliant }),
      chosen,
      driver: chosen ? driverSnapshot(chosen.driver) : null,
      totalPricePence: pricing.totalPence,
      pricePerHalfHourPence: pricing.overtimePerHalfHourPence,
      estimate,
    };
  }

  private async driveBetween(from: string, to: string): Promise<number | null> {
    if (from === to) return 0;
    const [a, b] = await Promise.all([this.deps.geo.geocode(from), this.deps.geo.geocode(to)]);
    return a && b ? (await this.deps.geo.route([a, b])).seconds : null;
  }
}
