import {
  HELP_LEVELS,
  minutesOfDay,
  VAN_SIZES,
  WEEKDAYS,
  type Availability,
  type HelpLevel,
  type VanSize,
} from '@vanhop/contracts';
import { SLOT_MINUTES, type LondonSlot } from '@vanhop/contracts';
import type { DocumentedDriver } from '@vanhop/contracts';
import type { Driver } from '@vanhop/contracts';
import type { PriceCard } from '@vanhop/contracts';

const VANS = VAN_SIZES.length;
const HELPS = HELP_LEVELS.length;

/** Drivers who can take a move, as rows (slots) of the cards' columns. */
export interface CandidateRows {
  columns: CardColumns;
  slots: Int32Array;
  /** The columns' version when the slots were read: a slot may name another driver once it moved on. */
  version: number;
}

/** Rows of columns made for these drivers alone (a driver source without columns of its own). */
export function rowsOf(drivers: readonly Driver[]): CandidateRows {
  const columns = new CardColumns();
  const slots = Int32Array.from(drivers, (d) => columns.put(d));
  return { columns, slots, version: columns.version };
}

/** A card's flags: things a quote must look at the driver's object for. */
export const HAS_HOURS = 1;
export const HAS_DOCUMENTS = 2;
/** Days off listed: the days are looked at on the driver's object. */
export const HAS_DAYS_OFF = 4;

/** Quarter hours in a day, and 32-bit words holding one bit per quarter hour of a day. */
const QUARTERS = (24 * 60) / SLOT_MINUTES;
const WORDS_PER_DAY = Math.ceil(QUARTERS / 32);
const WORDS_PER_WEEK = WORDS_PER_DAY * WEEKDAYS.length;

/** The quarter hours of a window as bits of the weekly hours (worksThrough), and its London days. */
export interface QuartersNeeded {
  words: number[];
  masks: number[];
  days: string[];
}

/** The window's London quarter hours (londonSlots) as the bits a card's weekly hours must all have. */
export function quartersNeeded(slots: readonly LondonSlot[]): QuartersNeeded {
  const byWord = new Map<number, number>();
  const days = new Set<string>();
  for (const s of slots) {
    const q = Math.floor(s.from / SLOT_MINUTES);
    const word = WEEKDAYS.indexOf(s.weekday) * WORDS_PER_DAY + (q >> 5);
    byWord.set(word, (byWord.get(word) ?? 0) | (1 << (q & 31)));
    days.add(s.day);
  }
  return { words: [...byWord.keys()], masks: [...byWord.values()], days: [...days] };
}

/** The weekly hours as one bit per quarter hour a period wholly covers (availability.ts's coversSlots' test). */
function weeklyQuarters(availability: Availability, into: Int32Array, at: number): void {
  for (const [d, day] of WEEKDAYS.entries()) {
    const periods = (availability.weekly[day] ?? []).map((p) => ({
      from: minutesOfDay(p.from),
      to: minutesOfDay(p.to),
    }));
    for (let q = 0; q < QUARTERS; q++) {
      const from = q * SLOT_MINUTES;
      if (periods.some((p) => p.from <= from && from + SLOT_MINUTES <= p.to))
        into[at + d * WORDS_PER_DAY + (q >> 5)]! |= 1 << (q & 31);
    }
  }
}

/** What every driver's total for one move depends on, as plain numbers (see totalAt). */
export interface MoveNumbers {
  /** Hours booked; 0 for a draft (the card's minimum then). */
  bookedHours: number;
  vanIndex: number;
  helpIndex: number;
  flights: number;
  viaStops: number;
  routeMiles: number;
  /** Milliseconds from now to the start; Infinity without a date (never a short-notice booking). */
  leadMs: number;
  /** 1 << the start's London hour; 0 without a date. */
  startHourBit: number;
}

export const moveNumbers = (move: {
  bookedHours?: number;
  vanSize: VanSize;
  helpLevel: HelpLevel;
  flights: number;
  viaStops: number;
  routeMiles: number;
  start?: Date;
  now: Date;
  startHour?: number;
}): MoveNumbers => ({
  bookedHours: move.bookedHours ?? 0,
  vanIndex: VAN_SIZES.indexOf(move.vanSize),
  helpIndex: HELP_LEVELS.indexOf(move.helpLevel),
  flights: move.flights,
  viaStops: move.viaStops,
  routeMiles: move.routeMiles,
  leadMs: move.start ? move.start.getTime() - move.now.getTime() : Number.POSITIVE_INFINITY,
  startHourBit: move.start && move.startHour !== undefined ? hourBit(move.startHour) : 0,
});

const hourBit = (hour: number) => (Number.isInteger(hour) && hour >= 0 && hour < 24 ? 1 << hour : 0);

/**
 * The held cards as columns of plain numbers, one row ("slot") per driver, kept in step with the
 * cards read model. What a quote needs of every candidate (the card's rates, the minimum hours, the
 * rating) is read from typed arrays rather than from thousands of differently shaped frozen objects,
 * so pricing and ranking a whole fleet is a few arithmetic operations per driver. The driver's
 * object is still there (driverAt) for the few a quote answers and the rare card with hours or
 * documents. A slot stays the driver's while they are held; a removed driver's slot is reused.
 */
export class CardColumns {
  private capacity = 0;
  private used = 0;
  private readonly slotById = new Map<string, number>();
  private readonly spare: number[] = [];
  private drivers: (Driver | undefined)[] = [];
  minimumHours = new Float64Array(0);
  /** VANS per slot, in VAN_SIZES order. */
  vanPerHour = new Float64Array(0);
  /** HELPS per slot, in HELP_LEVELS order (helpers and stairs). */
  helpersPerHour = new Float64Array(0);
  stairPerFlightPerHour = new Float64Array(0);
  mileagePerMile = new Float64Array(0);
  freeRouteUnderMiles = new Float64Array(0);
  viaStop = new Float64Array(0);
  lateBooking = new Float64Array(0);
  lateBookingWithinMinutes = new Float64Array(0);
  outOfHours = new Float64Array(0);
  /** Bit h set: a start in London hour h is out of hours. */
  outOfHoursBits = new Int32Array(0);
  rating = new Float64Array(0);
  reviewCount = new Float64Array(0);
  flags = new Uint8Array(0);
  /** 1: the van is ULEZ compliant (no ULEZ charge on the day). */
  ulezCompliant = new Uint8Array(0);
  /** WORDS_PER_WEEK per slot: the card's weekly hours, one bit per quarter hour (cards with hours). */
  private weekly = new Int32Array(0);
  /** One quote's totals and free times by slot: written and read within one synchronous pass (rankCandidates). */
  quoteTotal = new Float64Array(0);
  quoteFreeAt = new Float64Array(0);
  /** The total and the known charges on the day (offer-ranking.ts's allInPence), for the same pass. */
  quoteAllIn = new Float64Array(0);
  private marks = new Uint32Array(0);
  private mark = 0;
  /** The largest minimum hours of any card held: how far past a start any driver's window can reach. */
  longestMinimumHours = 0;
  /** The longest short-notice window of any card held, in minutes. */
  longestLateMinutes = 0;

  /** Bumped by every put and remove: rows read at another version may name other drivers now. */
  version = 0;

  get size(): number {
    return this.slotById.size;
  }

  slotOf(id: string): number | undefined {
    return this.slotById.get(id);
  }

  driverAt(slot: number): Driver {
    return this.drivers[slot]!;
  }

  /**
   * Marks these rows until the next call, answering a test of whether a row is one of them; use it
   * before the next await (another quote marks its own rows then).
   */
  markRows(slots: ArrayLike<number>): (slot: number) => boolean {
    this.mark = (this.mark + 1) >>> 0 || 1;
    const mark = this.mark;
    const marks = this.marks;
    for (let i = 0; i < slots.length; i++) marks[slots[i]!] = mark;
    return (slot) => marks[slot] === mark;
  }

  /** Adds the driver's card, or replaces it in the slot they have; answers the slot. */
  put(driver: Driver): number {
    let slot = this.slotById.get(driver._id);
    if (slot === undefined) {
      slot = this.spare.pop() ?? this.used++;
      if (slot >= this.capacity) this.grow(Math.max(64, this.capacity * 2));
      this.slotById.set(driver._id, slot);
    }
    this.drivers[slot] = driver;
    this.fill(slot, driver);
    this.version++;
    return slot;
  }

  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.slotById.delete(id);
    this.drivers[slot] = undefined;
    this.spare.push(slot);
    this.version++;
  }

  /**
   * Whether the card's hours cover every quarter hour of the window and none falls on a day off:
   * availability.ts's availabilityCoversSlots, from the bits worked out when the card was put.
   */
  worksThrough(slot: number, needed: QuartersNeeded): boolean {
    const at = slot * WORDS_PER_WEEK;
    for (let k = 0; k < needed.words.length; k++) {
      const mask = needed.masks[k]!;
      if ((this.weekly[at + needed.words[k]!]! & mask) !== mask) return false;
    }
    if (!(this.flags[slot]! & HAS_DAYS_OFF)) return true;
    const daysOff = this.drivers[slot]!.availability!.daysOff;
    return !needed.days.some((d) => daysOff.includes(d));
  }

  /**
   * The slot's total for the move, exactly pricing.ts's totalPenceOn (the same rounded lines added
   * in the same order), from the columns alone.
   */
  totalAt(slot: number, m: MoveNumbers): number {
    const hours = Math.max(m.bookedHours, this.minimumHours[slot]!);
    let total =
      Math.round(hours * this.vanPerHour[slot * VANS + m.vanIndex]!) +
      Math.round(hours * this.helpersPerHour[slot * HELPS + m.helpIndex]!) +
      Math.round(hours * this.stairPerFlightPerHour[slot * HELPS + m.helpIndex]! * m.flights) +
      (m.routeMiles < this.freeRouteUnderMiles[slot]! ? 0 : Math.round(m.routeMiles * this.mileagePerMile[slot]!)) +
      m.viaStops * this.viaStop[slot]!;
    if (m.leadMs < this.lateBookingWithinMinutes[slot]! * 60_000) total += this.lateBooking[slot]!;
    if (this.outOfHoursBits[slot]! & m.startHourBit) total += this.outOfHours[slot]!;
    return total;
  }

  private fill(slot: number, driver: Driver): void {
    const card: PriceCard = driver.card;
    this.minimumHours[slot] = card.minimumHours;
    this.longestMinimumHours = Math.max(this.longestMinimumHours, card.minimumHours);
    for (const [i, van] of VAN_SIZES.entries()) this.vanPerHour[slot * VANS + i] = card.vanPerHourPence[van];
    for (const [i, help] of HELP_LEVELS.entries()) {
      this.helpersPerHour[slot * HELPS + i] = card.helpersPerHourPence[help];
      this.stairPerFlightPerHour[slot * HELPS + i] = card.stairPerFlightPerHourPence[help];
    }
    this.mileagePerMile[slot] = card.mileagePencePerMile;
    this.freeRouteUnderMiles[slot] = card.freeRouteUnderMiles;
    this.viaStop[slot] = card.viaStopPence;
    this.lateBooking[slot] = card.lateBookingPence;
    this.lateBookingWithinMinutes[slot] = card.lateBookingWithinMinutes;
    this.longestLateMinutes = Math.max(this.longestLateMinutes, card.lateBookingWithinMinutes);
    this.outOfHours[slot] = card.outOfHoursPence;
    let bits = 0;
    for (const h of card.outOfHoursStartHours) bits |= hourBit(h);
    this.outOfHoursBits[slot] = bits;
    this.rating[slot] = driver.rating;
    this.reviewCount[slot] = driver.reviewCount;
    this.ulezCompliant[slot] = driver.ulezCompliant ? 1 : 0;
    this.flags[slot] =
      (driver.availability ? HAS_HOURS : 0) |
      ((driver as DocumentedDriver).documents !== undefined ? HAS_DOCUMENTS : 0) |
      ((driver.availability?.daysOff.length ?? 0) > 0 ? HAS_DAYS_OFF : 0);
    this.weekly.fill(0, slot * WORDS_PER_WEEK, (slot + 1) * WORDS_PER_WEEK);
    if (driver.availability) weeklyQuarters(driver.availability, this.weekly, slot * WORDS_PER_WEEK);
  }

  private grow(capacity: number): void {
    const copy = <T extends { set(from: ArrayLike<number>): void }>(made: T, old: ArrayLike<number>): T => {
      made.set(old);
      return made;
    };
    const f64 = (old: Float64Array, per = 1) => copy(new Float64Array(capacity * per), old);
    this.minimumHours = f64(this.minimumHours);
    this.vanPerHour = f64(this.vanPerHour, VANS);
    this.helpersPerHour = f64(this.helpersPerHour, HELPS);
    this.stairPerFlightPerHour = f64(this.stairPerFlightPerHour, HELPS);
    this.mileagePerMile = f64(this.mileagePerMile);
    this.freeRouteUnderMiles = f64(this.freeRouteUnderMiles);
    this.viaStop = f64(this.viaStop);
    this.lateBooking = f64(this.lateBooking);
    this.lateBookingWithinMinutes = f64(this.lateBookingWithinMinutes);
    this.outOfHours = f64(this.outOfHours);
    this.outOfHoursBits = copy(new Int32Array(capacity), this.outOfHoursBits);
    this.rating = f64(this.rating);
    this.reviewCount = f64(this.reviewCount);
    this.flags = copy(new Uint8Array(capacity), this.flags);
    this.ulezCompliant = copy(new Uint8Array(capacity), this.ulezCompliant);
    this.weekly = copy(new Int32Array(capacity * WORDS_PER_WEEK), this.weekly);
    this.quoteTotal = f64(this.quoteTotal);
    this.quoteFreeAt = f64(this.quoteFreeAt);
    this.quoteAllIn = f64(this.quoteAllIn);
    this.marks = copy(new Uint32Array(capacity), this.marks);
    this.capacity = capacity;
  }
}
