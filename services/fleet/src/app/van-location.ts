import { VAN_LOCATION_MSG, VAN_POSITIONS_PER_MINUTE, type VanLocationView, type VanPosition } from '@vanhop/contracts';
import { ConflictError, NotFoundError, TooManyRequestsError } from '@vanhop/platform';
import type { InternalGeocodeResponse } from '@vanhop/contracts';
import type { JobDoc, PlaceGeocoder, VanPositionStore } from '../domain/ports.js';
import { vanLocationView, vanOnTheWay } from '../domain/van-location.js';

/**
 * The van live on the map: the driver holding an accepted job sends the phone's position while it
 * is on its way; the customer (through booking's My move route) and staff read the latest with an
 * estimate of the drive to the pickup. Outside "On my way" nothing is accepted and nothing is read.
 */
export class VanLocation {
  constructor(
    private readonly deps: {
      jobs: { findById(bookingId: string): Promise<JobDoc | null> };
      positions: VanPositionStore;
      /** Where the pickup is (quote's geocoding). */
      geo: PlaceGeocoder;
    },
  ) {}

  async share(driverId: string, bookingId: string, position: VanPosition): Promise<void> {
    const job = await this.deps.jobs.findById(bookingId);
    // Another driver's job is as unknown to this one as a missing job.
    if (!job || job.driverId !== driverId) throw new NotFoundError('No such job');
    if (!vanOnTheWay(job)) throw new ConflictError(VAN_LOCATION_MSG.notOnTheWay);
    if ((await this.deps.positions.countSent(bookingId)) > VAN_POSITIONS_PER_MINUTE)
      throw new TooManyRequestsError(VAN_LOCATION_MSG.tooMany, 60);
    await this.deps.positions.save(bookingId, position);
    // "Arrived" marked while this position was on its way in: it must not outlive the arrival.
    const now = await this.deps.jobs.findById(bookingId);
    if (!now || !vanOnTheWay(now)) await this.deps.positions.forget(bookingId);
  }

  /** The latest position of a job's van; `{ van: null }` whenever the van is not on its way. */
  async read(bookingId: string): Promise<VanLocationView> {
    const job = await this.deps.jobs.findById(bookingId);
    if (!job) throw new NotFoundError('No such job');
    const pickup = await this.pickupOf(job);
    if (!vanOnTheWay(job)) return vanLocationView(false, null, pickup);
    return vanLocationView(true, await this.deps.positions.latest(bookingId), pickup);
  }

  /** The van has arrived (or the move is off): its position is not kept. */
  async forget(bookingId: string): Promise<void> {
    await this.deps.positions.forget(bookingId);
  }

  private async pickupOf(job: JobDoc): Promise<InternalGeocodeResponse | null> {
    const first = job.move.addresses[0];
    if (!first) return null;
    try {
      return await this.deps.geo.geocode(first.location);
    } catch {
      // The map still shows the van without the pickup; the ETA needs both.
      return null;
    }
  }
}
