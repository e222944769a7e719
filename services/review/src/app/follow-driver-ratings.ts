import { randomUUID } from 'node:crypto';
import { TOPICS } from '@vanhop/contracts';
import { createEvent, outboxEntry, type Clock, type Logger, type OutboxRelay } from '@vanhop/platform';
import type { CustomerReviewRecord } from '../domain/customer-review.js';
import { ratingChange, ratingToCount, type RatingChange } from '../domain/driver-rating-tally.js';
import type { CustomerReviewRepository, DriverRatingTallyRepository } from '../domain/ports.js';

/** Reviews read per batch by the sweep and the back-fill (memory stays bounded however many there are). */
const BATCH = 200;
/** Tries at a tally another writer keeps changing before leaving the review dirty for the next sweep. */
const ATTEMPTS = 20;

/**
 * Keeps each driver's tally of approved VanHop reviews in step with moderation, and publishes every
 * change (DriverRatingChanged, through the tallies' outbox) for the quote service to show beside the
 * rating the driver brought. Without transactions across two documents, each change is first parked
 * on its review (claimed against what the review counts now, so two followers cannot both claim it),
 * then added to the tally in one write with its event and its id (so a replay adds nothing), then
 * settled on the review. A process stopped between the steps leaves the review dirty: the sweep at
 * start finishes the change where it stopped.
 */
export class FollowDriverRatings {
  constructor(
    private readonly reviews: CustomerReviewRepository,
    private readonly tallies: DriverRatingTallyRepository,
    private readonly relay: Pick<OutboxRelay, 'kick'>,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Brings the review's driver tally in step with the review (a no-op when it already is). */
  async follow(reviewId: string): Promise<void> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const review = await this.reviews.forBooking(reviewId);
      if (!review) return;
      if (review.ratingChange) {
        await this.apply(review.ratingChange);
        await this.reviews.settleRatingChange(review._id, review.ratingChange);
        await this.tallies.forget(review.ratingChange.driverId, review.ratingChange.id);
        continue;
      }
      const counted = review.countedRating ?? 0;
      const change = review.driver
        ? ratingChange(randomUUID(), review.driver.id, counted || null, ratingToCount(review))
        : null;
      if (!change) {
        if (review.ratingDirty) await this.reviews.ratingFollowed(review._id, review.status);
        return;
      }
      await this.reviews.claimRatingChange(review._id, counted, change);
    }
    this.logger.warn({ reviewId }, 'driver rating tally kept changing; the next sweep brings it in step');
  }

  /** Reviews decided but not yet followed (a process stopped half way): followed now, in batches. */
  async sweep(): Promise<number> {
    // A review still dirty after it was followed (its tally kept changing) is not read again here.
    const seen = new Set<string>();
    for (;;) {
      const batch = (await this.reviews.ratingDirty(BATCH)).filter((r) => !seen.has(r._id));
      if (batch.length === 0) return seen.size;
      for (const r of batch) {
        seen.add(r._id);
        // One review that cannot be followed now (the store failing) does not hold up the others.
        await this.follow(r._id).catch((err) =>
          this.logger.warn({ err: String(err), reviewId: r._id }, 'driver rating tally not followed yet'),
        );
      }
    }
  }

  /**
   * Once per store: the approved reviews from before the tallies are counted in, in batches by id.
   * A failure stops it unmarked, so the next start runs it again (what was counted stays counted once).
   */
  async backfill(): Promise<number> {
    if (await this.tallies.backfilled()) return 0;
    let after = '';
    let counted = 0;
    for (;;) {
      const batch: CustomerReviewRecord[] = await this.reviews.approvedAfter(after, BATCH);
      for (const r of batch) await this.follow(r._id);
      counted += batch.length;
      if (batch.length < BATCH) break;
      after = batch.at(-1)!._id;
    }
    await this.tallies.markBackfilled(this.clock.now().toISOString());
    return counted;
  }

  /** Adds a parked change to its driver's tally with its event, unless the tally already has it. */
  private async apply(change: RatingChange): Promise<void> {
    const at = this.clock.now().toISOString();
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let tally = await this.tallies.find(change.driverId);
      if (!tally) {
        await this.tallies.createIfMissing(change.driverId, at);
        tally = await this.tallies.find(change.driverId);
        if (!tally) continue;
      }
      if (tally.applied.includes(change.id)) return;
      const next = { count: tally.count + change.countDelta, sum: tally.sum + change.sumDelta };
      const event = await createEvent(
        TOPICS.driverRatingChanged,
        { driverId: change.driverId, ...next, version: tally.version + 1, at },
        { producer: 'review', clock: this.clock },
      );
      if (
        await this.tallies.applyIfVersion(
          tally,
          next,
          change.id,
          at,
          outboxEntry(TOPICS.driverRatingChanged, event, change.driverId),
        )
      ) {
        void this.relay.kick([event.eventId]);
        return;
      }
    }
    throw new Error(`the rating tally of driver ${change.driverId} kept changing`);
  }
}
