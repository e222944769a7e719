import { HELP_LEVELS, VAN_SIZES, type HelpLevel, type VanSize } from '@vanhop/contracts';
import type { Driver } from '@vanhop/contracts';
import { haversineMiles, type LatLng } from './great-circle.js';

/** Cell height: 0.05° of latitude, about 3.5 miles. */
export const CELL_LAT_DEG = 0.05;
/** Cell width: 0.08° of longitude, about 3.4 miles at London's latitude. */
export const CELL_LNG_DEG = 0.08;
/** Miles per degree of latitude on the sphere haversineMiles uses (3,958.8-mile radius). */
const MILES_PER_LAT_DEG = (3958.8 * Math.PI) / 180;
/**
 * A cell counts as covered when its nearest point (lat and lng clamped separately, which is not
 * quite the nearest on a sphere) is within the radius plus this: the exact test after the lookup
 * decides, so the grid may only ever list too many drivers, never too few.
 */
const MARGIN_MILES = 0.5;
/** A driver whose area would span more cells than this (a huge radius, a base off the map) is listed for every pickup. */
const MAX_CELLS_PER_DRIVER = 4_000;

const cellKey = (i: number, j: number) => i * 1_000_000 + j;
const rowOf = (lat: number) => Math.floor(lat / CELL_LAT_DEG);
const colOf = (lng: number) => Math.floor(lng / CELL_LNG_DEG);

/** One bit per (van size, help level) pair the driver offers: a lookup tests the pair asked for with one AND. */
export function offerBits(vanSizes: readonly string[], helpLevels: readonly string[]): number {
  let bits = 0;
  for (const v of vanSizes) {
    const vi = VAN_SIZES.indexOf(v as VanSize);
    if (vi < 0) continue;
    for (const h of helpLevels) {
      const hi = HELP_LEVELS.indexOf(h as HelpLevel);
      if (hi >= 0) bits |= 1 << (vi * HELP_LEVELS.length + hi);
    }
  }
  return bits;
}

const bitOf = (vanSize: VanSize, helpLevel: HelpLevel) =>
  1 << (VAN_SIZES.indexOf(vanSize) * HELP_LEVELS.length + HELP_LEVELS.indexOf(helpLevel));

interface Entry {
  driver: Driver;
  bits: number;
  /** The driver's row in the cards' columns (CardColumns), -1 when none was given. */
  slot: number;
}

/** One cell's drivers: `whole` when every point of the cell is within their radius (no distance to work out), else `edge`. */
interface Cell {
  whole: Map<string, Entry>;
  edge: Map<string, Entry>;
}

/**
 * The cells (a few miles square) a driver's service area touches: every cell with a point within
 * their radius of their base, and whether all of it is. Null: too many to list (see MAX_CELLS_PER_DRIVER).
 */
export function cellsCovered(base: LatLng, radiusMiles: number): { key: number; whole: boolean }[] | null {
  if (!Number.isFinite(base.lat) || !Number.isFinite(base.lng) || !Number.isFinite(radiusMiles)) return null;
  const reach = Math.max(0, radiusMiles) + MARGIN_MILES;
  const dLat = reach / MILES_PER_LAT_DEG;
  const farLat = Math.min(89, Math.max(Math.abs(base.lat - dLat), Math.abs(base.lat + dLat)));
  const dLng = dLat / Math.cos((farLat * Math.PI) / 180);
  const [i0, i1] = [rowOf(base.lat - dLat), rowOf(base.lat + dLat)];
  const [j0, j1] = [colOf(base.lng - dLng), colOf(base.lng + dLng)];
  if ((i1 - i0 + 1) * (j1 - j0 + 1) > MAX_CELLS_PER_DRIVER) return null;
  const out: { key: number; whole: boolean }[] = [];
  for (let i = i0; i <= i1; i++) {
    const [south, north] = [i * CELL_LAT_DEG, (i + 1) * CELL_LAT_DEG];
    const lat = Math.min(Math.max(base.lat, south), north);
    for (let j = j0; j <= j1; j++) {
      const [west, east] = [j * CELL_LNG_DEG, (j + 1) * CELL_LNG_DEG];
      const lng = Math.min(Math.max(base.lng, west), east);
      if (haversineMiles(base, { lat, lng }) > reach) continue;
      // The farthest corner within the radius, less the margin: the whole cell is (corners are the
      // farthest points of a cell this small; the margin covers the difference on a sphere).
      const far = Math.max(
        ...[south, north].flatMap((a) => [west, east].map((b) => haversineMiles(base, { lat: a, lng: b }))),
      );
      out.push({ key: cellKey(i, j), whole: far <= radiusMiles - MARGIN_MILES });
    }
  }
  return out;
}

/**
 * Where drivers work, as a grid: for each cell, the drivers whose service area touches it, with
 * the (van, help) pairs they offer. A quote reads only the pickup's cell, so its cost follows the
 * drivers who work there, not the fleet. Kept in step with the cards by put/remove.
 */
export class AreaGrid {
  private readonly cells = new Map<number, Cell>();
  /** Drivers listed for every pickup (an area too large to list by cell). */
  private readonly everywhere = new Map<string, Entry>();
  private readonly placed = new Map<string, number[] | null>();
  /**
   * Recent answers by pickup and (van, help), dropped on any change: quotes come from the same
   * places again and again (a postcode district's centre, without Google), and a change is rare.
   */
  private readonly answered = new Map<string, readonly Driver[]>();
  /** The same for candidateSlots. */
  private readonly answeredSlots = new Map<string, Int32Array>();

  get size(): number {
    return this.placed.size;
  }

  /**
   * Adds the driver, or moves them to their card's area and offers (the old entry goes first).
   * `slot`: their row in the cards' columns, which candidateSlots answers.
   */
  put(driver: Driver, slot = -1): void {
    this.remove(driver._id);
    this.forget();
    const entry = { driver, bits: offerBits(driver.vanSizes, driver.helpLevels), slot };
    const cells = cellsCovered(driver.homeBase, driver.serviceRadiusMiles);
    this.placed.set(driver._id, cells ? cells.map((c) => c.key) : null);
    if (!cells) {
      this.everywhere.set(driver._id, entry);
      return;
    }
    for (const { key, whole } of cells) {
      const cell = this.cells.get(key) ?? { whole: new Map<string, Entry>(), edge: new Map<string, Entry>() };
      this.cells.set(key, cell);
      (whole ? cell.whole : cell.edge).set(driver._id, entry);
    }
  }

  remove(id: string): void {
    if (!this.placed.has(id)) return;
    this.forget();
    const cells = this.placed.get(id);
    this.placed.delete(id);
    if (!cells) {
      this.everywhere.delete(id);
      return;
    }
    for (const key of cells) {
      const cell = this.cells.get(key);
      if (!cell) continue;
      cell.whole.delete(id);
      cell.edge.delete(id);
      if (cell.whole.size === 0 && cell.edge.size === 0) this.cells.delete(key);
    }
  }

  private forget(): void {
    this.answered.clear();
    this.answeredSlots.clear();
  }

  /**
   * The drivers who can take a move from `pickup` with this van and help, exactly as driverCanTake
   * (of active drivers) finds them: read from the pickup's cell, the distance worked out only for
   * drivers whose radius ends inside that cell.
   */
  candidates(pickup: LatLng, vanSize: VanSize, helpLevel: HelpLevel): readonly Driver[] {
    const bit = bitOf(vanSize, helpLevel);
    const key = `${pickup.lat},${pickup.lng},${bit}`;
    const known = this.answered.get(key);
    if (known) return known;
    if (this.answered.size >= 512) this.answered.clear();
    // Shared by the quotes from this place until the next change.
    const answer = Object.freeze(this.entriesAt(pickup, bit).map((e) => e.driver));
    this.answered.set(key, answer);
    return answer;
  }

  /** candidates' drivers as their rows in the cards' columns (the slots given to put). */
  candidateSlots(pickup: LatLng, vanSize: VanSize, helpLevel: HelpLevel): Int32Array {
    const bit = bitOf(vanSize, helpLevel);
    const key = `${pickup.lat},${pickup.lng},${bit}`;
    const known = this.answeredSlots.get(key);
    if (known) return known;
    if (this.answeredSlots.size >= 512) this.answeredSlots.clear();
    const answer = Int32Array.from(this.entriesAt(pickup, bit), (e) => e.slot);
    this.answeredSlots.set(key, answer);
    return answer;
  }

  /** The entries of the pickup's cell offering the (van, help) bit, the distance worked out only for edge cells' and everywhere's. */
  private entriesAt(pickup: LatLng, bit: number): Entry[] {
    const out: Entry[] = [];
    const near = (d: Driver) => haversineMiles(d.homeBase, pickup) <= d.serviceRadiusMiles;
    const cell = this.cells.get(cellKey(rowOf(pickup.lat), colOf(pickup.lng)));
    if (cell) {
      for (const e of cell.whole.values()) if (e.bits & bit) out.push(e);
      for (const e of cell.edge.values()) if (e.bits & bit && near(e.driver)) out.push(e);
    }
    for (const e of this.everywhere.values()) if (e.bits & bit && near(e.driver)) out.push(e);
    return out;
  }
}
